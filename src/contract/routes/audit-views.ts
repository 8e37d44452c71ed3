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
import { defineOperation, area, AUDIT_READERS } from './operation';

const tags = ['Administration (extension)'];
const VIEWS = '/v1/management/audit_logs/views';

const explorer = area({ tags, roles: AUDIT_READERS });

// Audit explorer (extensions): an event with its neighbours, and each reader's own saved views
// and columns, for the roles that may read the log.
export const getAuditEventContext = explorer.read({
  id: 'getAuditEventContext',
  path: '/v1/management/audit_logs/{id}/context',
  summary: 'One audit event with the events just before and after it',
  description: 'Neighbours in the workspace’s order of the log, (timestamp, id), whatever their filters; another workspace’s event is a 404.',
  params: AuditEventIdParam,
  query: AuditContextQuery,
  responses: { 200: { description: 'The event and its neighbours', schema: AuditEventContext } },
  errors: [404],
});

export const listAuditViews = explorer.read({
  id: 'listAuditViews',
  path: VIEWS,
  summary: 'The caller’s saved views of the audit log, by name',
  description: 'Only the caller’s own views.',
  responses: { 200: { description: 'The views', schema: SavedViews } },
});

export const createAuditView = explorer.write({
  id: 'createAuditView',
  method: 'post',
  path: VIEWS,
  summary: 'Save a view of the audit log',
  description: 'A name the caller has not used yet (409), at most 100 views per user (409).',
  body: CreateSavedViewRequest,
  responses: { 201: { description: 'The view', schema: SavedView } },
});

export const renameAuditView = explorer.write({
  id: 'renameAuditView',
  method: 'patch',
  path: `${VIEWS}/{viewId}`,
  summary: 'Rename a saved view',
  description: 'Only the caller’s own views (404 otherwise); 409 when the name is taken.',
  params: SavedViewIdParam,
  body: RenameSavedViewRequest,
  responses: { 200: { description: 'The view', schema: SavedView } },
  errors: [404],
});

export const deleteAuditView = explorer.write({
  id: 'deleteAuditView',
  method: 'delete',
  path: `${VIEWS}/{viewId}`,
  summary: 'Delete a saved view',
  description: 'Only the caller’s own views (404 otherwise).',
  params: SavedViewIdParam,
  responses: { 200: { description: 'The deleted view', schema: SavedView } },
  errors: [404],
});

export const getAuditPreferences = explorer.read({
  id: 'getAuditPreferences',
  path: '/v1/management/audit_logs/preferences',
  summary: 'The caller’s explorer columns and their widths',
  description: 'The default columns until the caller sets some.',
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

export const getDemoHistoryProgress = explorer.read({
  id: 'getDemoHistoryProgress',
  path: '/v1/management/audit_logs/demo_history',
  summary: 'How much of the demo workspace’s audit history is written',
  description: 'The caller’s workspace; 0 of 0 where no history is being written.',
  responses: { 200: { description: 'The progress', schema: DemoHistoryProgress } },
});
