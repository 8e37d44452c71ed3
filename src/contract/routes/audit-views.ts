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
export const getAuditEventContext = explorer.get(
  'getAuditEventContext',
  '/v1/management/audit_logs/{id}/context',
  'One audit event with the events just before and after it',
  {
    description: 'Neighbours in the workspace’s order of the log, (timestamp, id), whatever their filters; another workspace’s event is a 404.',
    params: AuditEventIdParam,
    query: AuditContextQuery,
    200: ['The event and its neighbours', AuditEventContext],
  },
);

export const listAuditViews = explorer.get('listAuditViews', VIEWS, 'The caller’s saved views of the audit log, by name', {
  description: 'Only the caller’s own views.',
  200: ['The views', SavedViews],
});

export const createAuditView = explorer.post('createAuditView', VIEWS, 'Save a view of the audit log', {
  description: 'A name the caller has not used yet (409), at most 100 views per user (409).',
  body: CreateSavedViewRequest,
  201: ['The view', SavedView],
});

export const renameAuditView = explorer.patch('renameAuditView', `${VIEWS}/{viewId}`, 'Rename a saved view', {
  description: 'Only the caller’s own views (404 otherwise); 409 when the name is taken.',
  params: SavedViewIdParam,
  body: RenameSavedViewRequest,
  200: ['The view', SavedView],
});

export const deleteAuditView = explorer.delete('deleteAuditView', `${VIEWS}/{viewId}`, 'Delete a saved view', {
  description: 'Only the caller’s own views (404 otherwise).',
  params: SavedViewIdParam,
  200: ['The deleted view', SavedView],
});

export const getAuditPreferences = explorer.get(
  'getAuditPreferences',
  '/v1/management/audit_logs/preferences',
  'The caller’s explorer columns and their widths',
  { description: 'The default columns until the caller sets some.', 200: ['The preferences', AuditPreferences] },
);

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

export const getDemoHistoryProgress = explorer.get(
  'getDemoHistoryProgress',
  '/v1/management/audit_logs/demo_history',
  'How much of the demo workspace’s audit history is written',
  { description: 'The caller’s workspace; 0 of 0 where no history is being written.', 200: ['The progress', DemoHistoryProgress] },
);
