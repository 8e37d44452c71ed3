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
import { defineOperation, AUDIT_READERS } from './operation';

const tags = ['Administration (extension)'];
const VIEWS = '/v1/management/audit_logs/views';

// Audit explorer (extensions): an event with its neighbours, and each reader's own saved views
// and columns, for the roles that may read the log.
export const getAuditEventContext = defineOperation({
  id: 'getAuditEventContext',
  method: 'get',
  path: '/v1/management/audit_logs/{id}/context',
  tags,
  summary: 'One audit event with the events just before and after it',
  description: 'Neighbours in the workspace’s order of the log, (timestamp, id), whatever their filters; another workspace’s event is a 404.',
  roles: AUDIT_READERS,
  rateCategory: 'query',
  params: AuditEventIdParam,
  query: AuditContextQuery,
  responses: { 200: { description: 'The event and its neighbours', schema: AuditEventContext } },
  errors: [404],
});

export const listAuditViews = defineOperation({
  id: 'listAuditViews',
  method: 'get',
  path: VIEWS,
  tags,
  summary: 'The caller’s saved views of the audit log, by name',
  description: 'Only the caller’s own views.',
  roles: AUDIT_READERS,
  rateCategory: 'query',
  responses: { 200: { description: 'The views', schema: SavedViews } },
});

export const createAuditView = defineOperation({
  id: 'createAuditView',
  method: 'post',
  path: VIEWS,
  tags,
  summary: 'Save a view of the audit log',
  description: 'A name the caller has not used yet (409), at most 100 views per user (409).',
  roles: AUDIT_READERS,
  rateCategory: 'write',
  idempotent: true,
  body: CreateSavedViewRequest,
  responses: { 201: { description: 'The view', schema: SavedView } },
});

export const renameAuditView = defineOperation({
  id: 'renameAuditView',
  method: 'patch',
  path: `${VIEWS}/{viewId}`,
  tags,
  summary: 'Rename a saved view',
  description: 'Only the caller’s own views (404 otherwise); 409 when the name is taken.',
  roles: AUDIT_READERS,
  rateCategory: 'write',
  idempotent: true,
  params: SavedViewIdParam,
  body: RenameSavedViewRequest,
  responses: { 200: { description: 'The view', schema: SavedView } },
  errors: [404],
});

export const deleteAuditView = defineOperation({
  id: 'deleteAuditView',
  method: 'delete',
  path: `${VIEWS}/{viewId}`,
  tags,
  summary: 'Delete a saved view',
  description: 'Only the caller’s own views (404 otherwise).',
  roles: AUDIT_READERS,
  rateCategory: 'write',
  idempotent: true,
  params: SavedViewIdParam,
  responses: { 200: { description: 'The deleted view', schema: SavedView } },
  errors: [404],
});

export const getAuditPreferences = defineOperation({
  id: 'getAuditPreferences',
  method: 'get',
  path: '/v1/management/audit_logs/preferences',
  tags,
  summary: 'The caller’s explorer columns and their widths',
  description: 'The default columns until the caller sets some.',
  roles: AUDIT_READERS,
  rateCategory: 'query',
  responses: { 200: { description: 'The preferences', schema: AuditPreferences } },
});

export const putAuditPreferences = defineOperation({
  id: 'putAuditPreferences',
  method: 'put',
  path: '/v1/management/audit_logs/preferences',
  tags,
  summary: 'Keep the caller’s explorer columns and their widths',
  roles: AUDIT_READERS,
  rateCategory: 'write',
  body: AuditPreferences,
  responses: { 200: { description: 'The preferences', schema: AuditPreferences } },
});

export const getDemoHistoryProgress = defineOperation({
  id: 'getDemoHistoryProgress',
  method: 'get',
  path: '/v1/management/audit_logs/demo_history',
  tags,
  summary: 'How much of the demo workspace’s audit history is written',
  description: 'The caller’s workspace; 0 of 0 where no history is being written.',
  roles: AUDIT_READERS,
  rateCategory: 'query',
  responses: { 200: { description: 'The progress', schema: DemoHistoryProgress } },
});
