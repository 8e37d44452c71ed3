import { createRoute } from '@hono/zod-openapi';
import {
  AuditContextQuery,
  AuditEventContext,
  AuditEventIdParam,
  AuditPreferences,
  CreateSavedViewRequest,
  DemoHistoryProgress,
  RenameSavedViewRequest,
  SavedView,
  SavedViewIdParam,
  SavedViews,
} from '../audit-views';
import { SECURITY } from './common';
import { idempotencyHeaders, operation } from './operation';
import { errorResponses, GUARDED, GUARDED_WRITE } from './responses';

const tags = ['Administration (extension)'];
const json = <T>(schema: T, description: string) => ({ description, content: { 'application/json': { schema } } });
const body = <T>(schema: T) => ({ required: true, content: { 'application/json': { schema } } });
const VIEWS = '/v1/management/audit_logs/views';

export const getAuditEventContext = createRoute({
  method: 'get',
  path: '/v1/management/audit_logs/{id}/context',
  tags,
  summary: 'One audit event with the events just before and after it',
  ...operation(
    'getAuditEventContext',
    'Neighbours in the workspace’s order of the log, (timestamp, id), whatever their filters; another workspace’s event is a 404.',
  ),
  security: SECURITY,
  request: { ...idempotencyHeaders('getAuditEventContext'), params: AuditEventIdParam, query: AuditContextQuery },
  responses: { 200: json(AuditEventContext, 'The event and its neighbours'), ...errorResponses(...GUARDED, 404) },
});

export const listAuditViews = createRoute({
  method: 'get',
  path: VIEWS,
  tags,
  summary: 'The caller’s saved views of the audit log, by name',
  ...operation('listAuditViews', 'Only the caller’s own views.'),
  security: SECURITY,
  request: { ...idempotencyHeaders('listAuditViews') },
  responses: { 200: json(SavedViews, 'The views'), ...errorResponses(...GUARDED) },
});

export const createAuditView = createRoute({
  method: 'post',
  path: VIEWS,
  tags,
  summary: 'Save a view of the audit log',
  ...operation('createAuditView', 'A name the caller has not used yet (409), at most 100 views per user (409).'),
  security: SECURITY,
  request: { ...idempotencyHeaders('createAuditView'), body: body(CreateSavedViewRequest) },
  responses: { 201: json(SavedView, 'The view'), ...errorResponses(...GUARDED_WRITE) },
});

export const renameAuditView = createRoute({
  method: 'patch',
  path: `${VIEWS}/{viewId}`,
  tags,
  summary: 'Rename a saved view',
  ...operation('renameAuditView', 'Only the caller’s own views (404 otherwise); 409 when the name is taken.'),
  security: SECURITY,
  request: { ...idempotencyHeaders('renameAuditView'), params: SavedViewIdParam, body: body(RenameSavedViewRequest) },
  responses: { 200: json(SavedView, 'The view'), ...errorResponses(...GUARDED_WRITE, 404) },
});

export const deleteAuditView = createRoute({
  method: 'delete',
  path: `${VIEWS}/{viewId}`,
  tags,
  summary: 'Delete a saved view',
  ...operation('deleteAuditView', 'Only the caller’s own views (404 otherwise).'),
  security: SECURITY,
  request: { ...idempotencyHeaders('deleteAuditView'), params: SavedViewIdParam },
  responses: { 200: json(SavedView, 'The deleted view'), ...errorResponses(...GUARDED_WRITE, 404) },
});

export const getAuditPreferences = createRoute({
  method: 'get',
  path: '/v1/management/audit_logs/preferences',
  tags,
  summary: 'The caller’s explorer columns and their widths',
  ...operation('getAuditPreferences', 'The default columns until the caller sets some.'),
  security: SECURITY,
  request: { ...idempotencyHeaders('getAuditPreferences') },
  responses: { 200: json(AuditPreferences, 'The preferences'), ...errorResponses(...GUARDED) },
});

export const putAuditPreferences = createRoute({
  method: 'put',
  path: '/v1/management/audit_logs/preferences',
  tags,
  summary: 'Keep the caller’s explorer columns and their widths',
  ...operation('putAuditPreferences'),
  security: SECURITY,
  request: { ...idempotencyHeaders('putAuditPreferences'), body: body(AuditPreferences) },
  responses: { 200: json(AuditPreferences, 'The preferences'), ...errorResponses(...GUARDED_WRITE) },
});

export const getDemoHistoryProgress = createRoute({
  method: 'get',
  path: '/v1/management/audit_logs/demo_history',
  tags,
  summary: 'How much of the demo workspace’s audit history is written',
  ...operation('getDemoHistoryProgress', 'The caller’s workspace; 0 of 0 where no history is being written.'),
  security: SECURITY,
  request: { ...idempotencyHeaders('getDemoHistoryProgress') },
  responses: { 200: json(DemoHistoryProgress, 'The progress'), ...errorResponses(...GUARDED) },
});
