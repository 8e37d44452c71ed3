import { Anchor, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconShieldCheck, IconShieldX } from '@tabler/icons-react';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Suspense, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { AuditLogsResponse } from '../../../contract/audit';
import type { Asset } from '../../../contract/catalogue';
import type { HomeSummary } from '../../../contract/home';
import type { TransactionDetails } from '../../../contract/transactions';
import { mayPerform, type OperationId } from '../../../contract/operations';
import { ROLE_LABELS } from '../../../contract/role-labels';
import type { Role } from '../../../contract/roles';
import { TERMINAL_ORDER_STATUSES, ORDER_STATUSES } from '../../../contract/trading';
import { ColumnHeads } from '../../components/facts';
import { useSignedInUser } from '../../lib/use-session-state';
import { actionsFor } from '../../lib/console-actions';
import { ErrorView } from '../../components/error-view';
import { Page } from '../../components/page';
import { Person } from '../../components/person';
import { ReadableAmount } from '../../components/readable-amount';
import { Section } from '../../components/section';
import { UtcTime } from '../../components/utc-time';
import { formatMoney, shownAmount } from '../../lib/amounts';
import type { PageData } from '../../lib/page-data';
import { useAssetsByLegacyId } from '../../lib/use-assets-by-legacy-id';
import { auditLogPath, homeQueries, recentRange, type HomeRange } from '../../lib/home-queries';
import { requestAction } from '../../lib/requested-action';

/** The lists behind the tiles, in the parameters each list page reads from its address. */
const OPEN_ORDER_STATUSES = ORDER_STATUSES.filter((status) => !TERMINAL_ORDER_STATUSES.includes(status));
export const HOME_LINKS = {
  approvals: '/admin/approvals',
  travelRulePending: '/compliance/travel-rule?status=PENDING',
  webhooks: '/webhooks',
  failedNotifications: (webhookId: string) => `/webhooks/${encodeURIComponent(webhookId)}?statuses=FAILED`,
  // Exactly the transfers the tile counts (the service applies the same rule), longest confirming first.
  stuckTransfers: '/transactions?status=CONFIRMING&stuck=true&sort=ASC',
  openOrders: `/trading/orders?statuses=${OPEN_ORDER_STATUSES.join(',')}`,
  orders: '/trading/orders',
  transfers: '/transactions',
  assetTransfers: (assetId: string) => `/transactions?assets=${encodeURIComponent(assetId)}`,
  vaultAccounts: '/vault/accounts',
} as const;

const SECURITY_FILTERS: [string, string][] = [['category', 'Security']];
const CHANGE_FILTERS: [string, string][] = [
  ['subject', 'Quorum'],
  ['subject', 'Screening'],
];

const plural = (count: number, one: string, many: string) => (count === 1 ? one : many);
const words = (constant: string) => constant.charAt(0) + constant.slice(1).toLowerCase().replaceAll('_', ' ');

/** A count that leads to the list of what it counts; the whole tile is the link. */
function CountTile({ to, count, label, detail }: { to: string; count: number; label: string; detail: string }) {
  return (
    <Paper withBorder p="md" component={Link} to={to} data-tile={label} style={{ textDecoration: 'none', color: 'inherit' }}>
      <Text fz={32} fw={700} lh={1.1} c={count > 0 ? undefined : 'dimmed'}>
        {count}
      </Text>
      <Text fw={600}>{label}</Text>
      <Text size="sm" c="dimmed">
        {detail}
      </Text>
    </Paper>
  );
}

/**
 * What the role may start from its home (the console's actions, by the operations table), each on
 * its own page or that page's dialog; a new order only in a workspace with the trading beta.
 */
function StartActions({ summary, role }: { summary: HomeSummary; role: Role }) {
  const actions = actionsFor(role).filter((action) => action.operation !== 'createOrder' || summary.trading);
  if (actions.length === 0) return null;
  return (
    <Group gap="xs" aria-label="Start" role="group">
      {actions.map((action) => (
        <Button
          key={action.operation}
          component={Link}
          to={action.path}
          state={action.dialog ? requestAction(action.operation) : undefined}
          variant="light"
          size="sm"
          leftSection={<action.icon size={16} aria-hidden />}
        >
          {action.label}
        </Button>
      ))}
    </Group>
  );
}

/** What waits for the signed-in person: only what the role may act on, from the service's counts. */
function Waiting({ summary, role }: { summary: HomeSummary; role: Role }) {
  const may = (operationId: OperationId) => mayPerform(role, operationId);
  const tiles: ReactNode[] = [];
  if (summary.approvals) {
    const n = summary.approvals.toDecide;
    tiles.push(
      <CountTile
        key="approvals"
        to={HOME_LINKS.approvals}
        count={n}
        label="Approvals to decide"
        detail={`${plural(n, 'Request', 'Requests')} waiting for your decision`}
      />,
    );
  }
  if (summary.travelRule && may('resolveTravelRuleAction')) {
    const n = summary.travelRule.pending;
    tiles.push(
      <CountTile
        key="travel-rule"
        to={HOME_LINKS.travelRulePending}
        count={n}
        label="Travel Rule messages pending"
        detail={`${plural(n, 'Message', 'Messages')} waiting for the counterparty or for you`}
      />,
    );
  }
  if (summary.webhooks && may('resendNotification')) {
    const { failed, webhooks } = summary.webhooks;
    tiles.push(
      <CountTile
        key="webhooks"
        // One webhook with failures: its list of failed notifications; several: the webhooks, each named below.
        to={webhooks.length === 1 ? HOME_LINKS.failedNotifications(webhooks[0]!.id) : HOME_LINKS.webhooks}
        count={failed}
        label="Failed webhook notifications"
        detail={
          failed === 0
            ? 'Every notification was delivered'
            : `On ${webhooks.length} ${plural(webhooks.length, 'webhook', 'webhooks')}: resend them once the receiver is back`
        }
      />,
    );
  }
  if (summary.transactions && may('createTransaction')) {
    const { stuck, stuckAfterSeconds } = summary.transactions;
    tiles.push(
      <CountTile
        key="stuck"
        to={HOME_LINKS.stuckTransfers}
        count={stuck}
        label="Stuck transfers"
        detail={`Confirming for more than ${stuckAfterSeconds < 120 ? `${stuckAfterSeconds} seconds` : `${Math.round(stuckAfterSeconds / 60)} minutes`}`}
      />,
    );
  }
  if (summary.trading && may('cancelOrder')) {
    const n = summary.trading.openOrders;
    tiles.push(<CountTile key="orders" to={HOME_LINKS.openOrders} count={n} label="Open orders" detail={`${plural(n, 'Order', 'Orders')} not yet settled`} />);
  }
  if (tiles.length === 0) return null;
  return (
    <Section title="Waiting for you">
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 3 }}>{tiles}</SimpleGrid>
      {summary.webhooks && summary.webhooks.webhooks.length > 1 && may('resendNotification') && (
        <Stack gap={4}>
          {summary.webhooks.webhooks.map((webhook) => (
            <Anchor key={webhook.id} component={Link} to={HOME_LINKS.failedNotifications(webhook.id)} size="sm">
              {webhook.failed} failed at {webhook.description || webhook.url}
            </Anchor>
          ))}
        </Stack>
      )}
    </Section>
  );
}

function Balances({ balances }: { balances: NonNullable<HomeSummary['balances']> }) {
  // The catalogue's assets give each total its asset's decimals.
  const { assets } = useAssetsByLegacyId(balances.assets.map((asset) => asset.assetId));
  return (
    <Section title="Balances">
      <Group justify="space-between" align="baseline">
        <div>
          <Text size="sm" c="dimmed">
            Total value
          </Text>
          <Text fz={28} fw={700} data-testid="usd-total">
            {formatMoney(balances.usdTotal, 'USD')}
          </Text>
          {balances.unpriced > 0 && (
            <Text size="sm" c="dimmed">
              {balances.unpriced} {plural(balances.unpriced, 'asset has', 'assets have')} no USD price and {plural(balances.unpriced, 'is', 'are')} not in the
              total
            </Text>
          )}
        </div>
        <Anchor component={Link} to={HOME_LINKS.vaultAccounts}>
          Vault accounts
        </Anchor>
      </Group>
      {balances.assets.length === 0 ? (
        <Text c="dimmed">No vault account holds any asset.</Text>
      ) : (
        <Table.ScrollContainer minWidth={320}>
          <Table striped>
            <ColumnHeads columns={['Asset', { label: 'Total', align: 'right' }, { label: 'USD value', align: 'right' }]} />
            <Table.Tbody>
              {balances.assets.map((asset) => (
                <Table.Tr key={asset.assetId}>
                  <Table.Th scope="row" fw={500}>
                    {/* Each asset leads to its transfers (and gives the scrolling table, at 390 px, something to reach by keyboard). */}
                    <Anchor component={Link} to={HOME_LINKS.assetTransfers(asset.assetId)} inherit>
                      {asset.symbol ?? asset.assetId}
                    </Anchor>
                  </Table.Th>
                  <Table.Td ta="right">
                    <ReadableAmount amount={asset.total} asset={assets.get(asset.assetId)} unit="" />
                  </Table.Td>
                  <Table.Td ta="right">{asset.usdValue === null ? 'No price' : formatMoney(asset.usdValue, 'USD')}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Section>
  );
}

/** A short list under a heading, with the link to the whole list; loading and failure in place. */
function RecentList<T>({
  title,
  to,
  linkLabel,
  query,
  rows,
  empty,
}: {
  title: string;
  to: string;
  linkLabel: string;
  query: { data?: T; isPending: boolean; error: unknown; refetch: () => unknown };
  rows: (data: T) => { key: string; label: ReactNode; at: number }[];
  empty: string;
}) {
  const items = query.data ? rows(query.data) : [];
  return (
    <Section title={title}>
      {query.isPending ? (
        <Skeleton height={96} aria-label={`Loading: ${title}`} />
      ) : query.error ? (
        <ErrorView title={`${title} could not be loaded`} error={query.error} onRetry={() => void query.refetch()} />
      ) : items.length === 0 ? (
        <Text c="dimmed">{empty}</Text>
      ) : (
        <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {items.map((item) => (
            <Group component="li" key={item.key} justify="space-between" gap="xs" wrap="wrap">
              <Text size="sm">{item.label}</Text>
              <Text size="sm" c="dimmed">
                <UtcTime ms={item.at} />
              </Text>
            </Group>
          ))}
        </Stack>
      )}
      <Anchor component={Link} to={to} size="sm">
        {linkLabel}
      </Anchor>
    </Section>
  );
}

function RecentOrders() {
  const query = useQuery(homeQueries.recentOrders());
  return (
    <RecentList
      title="Recent orders"
      to={HOME_LINKS.orders}
      linkLabel="All orders"
      query={query}
      empty="No order yet."
      rows={(page) =>
        page.data.map((order) => ({
          key: order.id,
          label: (
            <Anchor component={Link} to={`/trading/orders/${encodeURIComponent(order.id)}`} inherit>
              {words(order.side)} <ReadableAmount amount={order.baseAmount} unit={order.baseAssetId} focusable={false} />
              {` for ${order.quoteAssetId}: ${words(order.status).toLowerCase()}`}
            </Anchor>
          ),
          at: Date.parse(order.createdAt),
        }))
      }
    />
  );
}

/** "0.25 BTC: completed", read at a glance (the exact amount on hover); a transfer whose amount is not known yet says so. */
function TransferLabel({ tx, asset }: { tx: TransactionDetails; asset: Asset | undefined }) {
  const amount = shownAmount(tx.amountInfo);
  const unit = tx.assetId ?? '';
  return (
    <>
      {amount === undefined ? `Amount not determined yet ${unit}` : <ReadableAmount amount={amount} asset={asset} unit={unit} focusable={false} />}:{' '}
      {words(tx.status).toLowerCase()}
    </>
  );
}

function RecentTransfers() {
  const query = useQuery(homeQueries.recentTransfers());
  const { assets } = useAssetsByLegacyId((query.data ?? []).flatMap((tx) => (tx.assetId ? [tx.assetId] : [])));
  return (
    <RecentList
      title="Recent transfers"
      to={HOME_LINKS.transfers}
      linkLabel="All transactions"
      query={query}
      empty="No transfer yet."
      rows={(list) =>
        list.map((tx) => ({
          key: tx.id,
          label: (
            <Anchor component={Link} to={`/transactions/${encodeURIComponent(tx.id)}`} inherit>
              <TransferLabel tx={tx} asset={tx.assetId ? assets.get(tx.assetId) : undefined} />
            </Anchor>
          ),
          at: tx.createdAt,
        }))
      }
    />
  );
}

/** Events that happened to the person rather than by their hand, though named in one word. */
const DONE_TO_THE_PERSON = new Set(['Refused']);

/**
 * An audit event as a sentence about its person: what they did ("Adam Admin signed in", "Adam
 * Admin updated the quorum"), or what happened to them ("Sign-in failed for Adam Admin").
 */
function EventSentence({ event }: { event: AuditLogsResponse['data'][number] }) {
  const person = <Person id={event.userId} name={event.user} />;
  const what = event.event.toLowerCase();
  if (what.startsWith('signed '))
    return (
      <>
        {person} {what}
      </>
    );
  if (!what.includes(' ')) {
    return DONE_TO_THE_PERSON.has(event.event) ? (
      <>
        {event.subject} {what} for {person}
      </>
    ) : (
      <>
        {person} {what} the {event.subject.toLowerCase()}
      </>
    );
  }
  return (
    <>
      {event.event} for {person}
    </>
  );
}

function AuditEvents({
  title,
  range,
  filters,
  linkLabel,
  empty,
}: {
  title: string;
  range: HomeRange;
  filters: [string, string][];
  linkLabel: string;
  empty: string;
}) {
  const query = useQuery(homeQueries.auditEvents(range, filters));
  return (
    <RecentList
      title={title}
      to={auditLogPath(range, filters)}
      linkLabel={linkLabel}
      query={query}
      empty={empty}
      rows={(page) => page.data.map((event) => ({ key: event.id, label: <EventSentence event={event} />, at: event.timestamp }))}
    />
  );
}

/** Changes to the quorum for those who may list approval requests but not read the audit log (the owner). */
function DecidedApprovals() {
  const query = useQuery(homeQueries.decidedApprovals());
  return (
    <RecentList
      title="Quorum and API user changes"
      to={HOME_LINKS.approvals}
      linkLabel="All approval requests"
      query={query}
      empty="No request has been decided yet."
      rows={(page) =>
        page.data.map((request) => ({ key: request.id, label: `${request.summary}: ${words(request.status).toLowerCase()}`, at: request.decidedAt ?? 0 }))
      }
    />
  );
}

function Integrity({ range }: { range: HomeRange }) {
  const query = useQuery(homeQueries.integrity(range));
  const result = query.data;
  return (
    <Section title="Audit log integrity">
      {query.isPending ? (
        <Skeleton height={48} aria-label="Checking the audit log's integrity" />
      ) : query.error ? (
        <ErrorView title="The integrity check could not run" error={query.error} onRetry={() => void query.refetch()} />
      ) : result?.verified ? (
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <IconShieldCheck size={22} color="var(--mantine-color-teal-6)" aria-hidden />
          <Text role="status" fw={600}>
            Intact: the hash chain of {result.checked} {plural(result.checked, 'event', 'events')} of the last 24 hours is unbroken.
          </Text>
        </Group>
      ) : (
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <IconShieldX size={22} color="var(--mantine-color-red-6)" aria-hidden />
          <Text role="alert" fw={600}>
            Broken: {result?.reason}. {result?.checked} {plural(result?.checked ?? 0, 'event was', 'events were')} checked before the break.
          </Text>
        </Group>
      )}
      <Anchor component={Link} to={auditLogPath(range, [])} size="sm">
        Open the audit log for these 24 hours
      </Anchor>
    </Section>
  );
}

export const pageData: PageData = {
  errorTitle: 'What waits for you could not be loaded',
  load: ({ queryClient }) => queryClient.ensureQueryData(homeQueries.summary()),
};

/** What waits for the person, and the balances for a role that may read them. */
function Summary({ role }: { role: Role }) {
  const { data: summary } = useSuspenseQuery(homeQueries.summary());
  return (
    <>
      <StartActions summary={summary} role={role} />
      <Waiting summary={summary} role={role} />
      {summary.balances && <Balances balances={summary.balances} />}
    </>
  );
}

/** The recent orders, for a workspace in the trading beta (the summary says). */
function RecentOrdersWhenTrading() {
  const { data: summary } = useSuspenseQuery(homeQueries.summary());
  return summary.trading ? <RecentOrders /> : null;
}

/**
 * The landing page after sign-in: what waits for the person, what moved recently and the
 * workspace's balances. Every part follows what the role may read (the operations table), so no
 * part asks for what the service would refuse; every tile links to the filtered list behind it.
 */
export default function HomePage() {
  const user = useSignedInUser();
  const may = (operationId: OperationId) => mayPerform(user.role, operationId);
  // Fixed for the visit, so the lists and their links show the same range.
  const [ranges] = useState(() => ({ day: recentRange(Date.now(), 1), week: recentRange(Date.now(), 7) }));

  return (
    <Page title="Home" description={`Signed in as ${user.name}, ${ROLE_LABELS[user.role]}, in ${user.workspaceName}.`}>
      <Suspense fallback={<Skeleton height={140} aria-label="Loading what waits for you" />}>
        <Summary role={user.role} />
      </Suspense>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Suspense fallback={null}>
          <RecentOrdersWhenTrading />
        </Suspense>
        {may('listTransactions') && <RecentTransfers />}
        {may('getAuditLogs') ? (
          <AuditEvents
            title="Quorum and screening changes"
            range={ranges.week}
            filters={CHANGE_FILTERS}
            linkLabel="These changes in the audit log"
            empty="No change to the quorum or to screening in the last 7 days."
          />
        ) : (
          may('listApprovalRequests') && <DecidedApprovals />
        )}
        {may('getAuditLogs') && (
          <AuditEvents
            title="Security events"
            range={ranges.week}
            filters={SECURITY_FILTERS}
            linkLabel="All security events of the last 7 days"
            empty="No security event in the last 7 days."
          />
        )}
        {may('verifyAuditChain') && <Integrity range={ranges.day} />}
      </SimpleGrid>
    </Page>
  );
}
