import {
  type Icon,
  IconArrowsExchange,
  IconArrowsRightLeft,
  IconBuildingBank,
  IconChecklist,
  IconCoins,
  IconHistory,
  IconHome,
  IconKey,
  IconLink,
  IconPigMoney,
  IconRoute,
  IconShieldSearch,
  IconUser,
  IconUsersGroup,
  IconWebhook,
} from '@tabler/icons-react';
import { type ComponentType, lazy, type LazyExoticComponent } from 'react';
import { mayPerform, type OperationId } from '../../contract/operations';
import type { Role } from '../../contract/roles';
import type { PageData } from '../lib/page-data';

/** A page's module: the page, and what its route loads before it renders. */
export interface PageModule {
  default: ComponentType;
  pageData?: PageData;
}

/** A lazy page whose chunk the router can start fetching before the page renders. */
export type LazyPage = LazyExoticComponent<ComponentType> & { preload: () => Promise<PageModule> };

function lazyPage(load: () => Promise<PageModule>): LazyPage {
  // One fetch of the chunk for the loader, the page and its error view; a failed one is tried again.
  let loading: Promise<PageModule> | undefined;
  const preload = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  return Object.assign(lazy(preload), { preload });
}

export interface NavItem {
  label: string;
  path: string;
  /** The operation that reads what the page shows; whoever may not perform it does not see the page. */
  operation: OperationId;
  icon: Icon;
  /** Each page is its own chunk, fetched the first time somebody opens it. */
  page: LazyPage;
  /** Reached from the page above it (a form, a detail) rather than from the navbar: routed, not listed. */
  hidden?: true;
}

export interface NavSection {
  /** Null for an area with a single page, which the navbar shows as a plain link. */
  label: string | null;
  items: NavItem[];
}

/** The one table of console pages: the navbar, the routes and the start page all read it. */
export const NAV_SECTIONS: readonly NavSection[] = [
  {
    label: null,
    items: [
      {
        // The landing page after sign-in, for every role: what waits, what moved, the balances.
        label: 'Home',
        path: '/',
        operation: 'getHomeSummary',
        icon: IconHome,
        page: lazyPage(() => import('../features/home/home-page')),
      },
    ],
  },
  {
    label: 'Administration',
    items: [
      {
        label: 'Quorum',
        path: '/admin/quorum',
        operation: 'getAdminQuorum',
        icon: IconUsersGroup,
        page: lazyPage(() => import('../features/admin/quorum-page')),
      },
      {
        label: 'Approvals',
        path: '/admin/approvals',
        operation: 'listApprovalRequests',
        icon: IconChecklist,
        page: lazyPage(() => import('../features/admin/approvals-page')),
      },
      {
        label: 'API users',
        path: '/admin/api-users',
        operation: 'listApiUsers',
        icon: IconKey,
        page: lazyPage(() => import('../features/admin/api-users-page')),
      },
      {
        // A console user, where their name links from anywhere the console names them.
        label: 'Person',
        path: '/people/:userId',
        operation: 'getConsoleUser',
        icon: IconUser,
        page: lazyPage(() => import('../features/people/person-page')),
        hidden: true,
      },
    ],
  },
  {
    label: null,
    items: [
      {
        label: 'Audit log',
        path: '/audit',
        operation: 'getAuditLogs',
        icon: IconHistory,
        page: lazyPage(() => import('../features/audit/audit-log-page')),
      },
      {
        label: 'Audit event',
        path: '/audit/events/:eventId',
        operation: 'getAuditEventContext',
        icon: IconHistory,
        page: lazyPage(() => import('../features/audit/audit-event-page')),
        hidden: true,
      },
    ],
  },
  {
    label: 'Catalogue',
    items: [
      {
        label: 'Assets',
        path: '/catalogue/assets',
        operation: 'listAssets',
        icon: IconCoins,
        page: lazyPage(() => import('../features/catalogue/assets-page')),
      },
      {
        label: 'Blockchains',
        path: '/catalogue/blockchains',
        operation: 'listBlockchains',
        icon: IconLink,
        page: lazyPage(() => import('../features/catalogue/blockchains-page')),
      },
    ],
  },
  {
    label: null,
    items: [
      {
        label: 'Vault accounts',
        path: '/vault/accounts',
        operation: 'listVaultAccountsPaged',
        icon: IconBuildingBank,
        page: lazyPage(() => import('../features/vault/vault-accounts-page')),
      },
      {
        label: 'Vault account',
        path: '/vault/accounts/:accountId',
        operation: 'getVaultAccount',
        icon: IconBuildingBank,
        page: lazyPage(() => import('../features/vault/vault-account-page')),
        hidden: true,
      },
    ],
  },
  {
    label: 'Trading',
    items: [
      {
        label: 'Orders',
        path: '/trading/orders',
        operation: 'listOrders',
        icon: IconArrowsExchange,
        page: lazyPage(() => import('../features/trading/orders-page')),
      },
      {
        label: 'New order',
        path: '/trading/orders/new',
        operation: 'createOrder',
        icon: IconArrowsExchange,
        page: lazyPage(() => import('../features/trading/order-builder-page')),
        hidden: true,
      },
      {
        label: 'Order',
        path: '/trading/orders/:orderId',
        operation: 'getOrder',
        icon: IconArrowsExchange,
        page: lazyPage(() => import('../features/trading/order-page')),
        hidden: true,
      },
    ],
  },
  {
    label: 'Compliance',
    items: [
      {
        label: 'Travel rule',
        path: '/compliance/travel-rule',
        operation: 'listTravelRuleMessages',
        icon: IconRoute,
        page: lazyPage(() => import('../features/compliance/travel-rule-page')),
      },
      {
        label: 'Screening',
        path: '/compliance/screening',
        operation: 'getScreeningConfiguration',
        icon: IconShieldSearch,
        page: lazyPage(() => import('../features/compliance/screening-page')),
      },
    ],
  },
  {
    label: null,
    items: [
      {
        label: 'Earn',
        path: '/earn',
        operation: 'listEarnProviders',
        icon: IconPigMoney,
        page: lazyPage(() => import('../features/earn/earn-page')),
      },
    ],
  },
  {
    label: null,
    items: [
      {
        label: 'Transactions',
        path: '/transactions',
        operation: 'listTransactions',
        icon: IconArrowsRightLeft,
        page: lazyPage(() => import('../features/transactions/transactions-page')),
      },
      {
        label: 'Transaction',
        path: '/transactions/:txId',
        operation: 'getTransaction',
        icon: IconArrowsRightLeft,
        page: lazyPage(() => import('../features/transactions/transaction-page')),
        hidden: true,
      },
    ],
  },
  {
    label: null,
    items: [
      {
        label: 'Webhooks',
        path: '/webhooks',
        operation: 'listWebhooks',
        icon: IconWebhook,
        page: lazyPage(() => import('../features/webhooks/webhooks-page')),
      },
      {
        // A static segment: the router ranks it above /webhooks/:webhookId whatever the order here.
        label: 'Verifying webhook signatures',
        path: '/webhooks/signatures',
        operation: 'listWebhooks',
        icon: IconWebhook,
        page: lazyPage(() => import('../features/webhooks/signatures-page')),
        hidden: true,
      },
      {
        label: 'Webhook',
        path: '/webhooks/:webhookId',
        operation: 'getWebhook',
        icon: IconWebhook,
        page: lazyPage(() => import('../features/webhooks/webhook-page')),
        hidden: true,
      },
    ],
  },
  {
    label: null,
    items: [
      {
        // Everyone's own passkeys, reached from the header's account menu rather than the navbar.
        label: 'Security',
        path: '/security',
        operation: 'listPasskeys',
        icon: IconKey,
        page: lazyPage(() => import('../features/passkeys/security-page')),
        hidden: true,
      },
    ],
  },
];

export const NAV_ITEMS: readonly NavItem[] = NAV_SECTIONS.flatMap((section) => section.items);

/** The sections and pages a role may open, without sections left empty. */
export function sectionsFor(role: Role): NavSection[] {
  return NAV_SECTIONS.map((section) => ({
    ...section,
    items: section.items.filter((item) => !item.hidden && mayPerform(role, item.operation)),
  })).filter((section) => section.items.length > 0);
}
