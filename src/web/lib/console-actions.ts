import { type Icon, IconArrowsExchange, IconKey, IconPlus, IconSend, IconWebhook } from '@tabler/icons-react';
import { mayPerform, type OperationId } from '../../contract/operations';
import type { Role } from '../../contract/roles';

/** Something a role may start from anywhere (the command palette lists them): a form on its own page, or a page's dialog. */
export interface ConsoleAction {
  label: string;
  /** The operation the action performs; whoever may not perform it is not offered it. */
  operation: OperationId;
  icon: Icon;
  /** The page the action happens on. */
  path: string;
  /** The page opens the action in a dialog when asked to through its history entry (lib/requested-action.ts). */
  dialog?: true;
}

export const CONSOLE_ACTIONS: readonly ConsoleAction[] = [
  { label: 'New transfer', operation: 'createTransaction', icon: IconSend, path: '/transactions', dialog: true },
  { label: 'New order', operation: 'createOrder', icon: IconArrowsExchange, path: '/trading/orders/new' },
  { label: 'Register asset', operation: 'registerAsset', icon: IconPlus, path: '/catalogue/assets', dialog: true },
  { label: 'Create API user', operation: 'createApiUser', icon: IconKey, path: '/admin/api-users', dialog: true },
  { label: 'Register webhook', operation: 'createWebhook', icon: IconWebhook, path: '/webhooks', dialog: true },
];

/** The actions a role may take. */
export const actionsFor = (role: Role): ConsoleAction[] => CONSOLE_ACTIONS.filter((action) => mayPerform(role, action.operation));
