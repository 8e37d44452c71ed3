import { Alert, Anchor, Button, Checkbox, Code, Drawer, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconShieldCheck, IconShieldX } from '@tabler/icons-react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { AuditTreeHead } from '../../../contract/audit-tree';
import { JWKS_PATH } from '../../../contract/webhooks';
import { ActionButton } from '../../components/action-button';
import { ErrorView } from '../../components/error-view';
import { ColumnHeads, wrapAnywhere } from '../../components/facts';
import { LoadingSkeleton } from '../../components/section';
import { UtcTime } from '../../components/utc-time';
import { checkedIn, Failures, HeadName, VERIFIED } from './event-proof';
import { treeQueries } from './tree-api';

/** Two tree sizes, the earlier first. */
type Pair = [number, number];

/**
 * The check of two heads: asked for by a click, answered for the pair it was asked for. Asking
 * again for the same pair checks again (a fresh proof, fresh signatures).
 */
function useConsistencyCheck() {
  const [asked, setAsked] = useState<Pair | null>(null);
  const check = useQuery({ ...treeQueries.consistency(asked?.[0] ?? 0, asked?.[1] ?? 0), enabled: asked !== null });
  return {
    asked,
    run: (pair: Pair) => (asked?.[0] === pair[0] && asked[1] === pair[1] ? void check.refetch() : setAsked(pair)),
    check,
  };
}

function ConsistencyOutcome({ check, onRetry }: { check: ReturnType<typeof useConsistencyCheck>['check']; onRetry: () => void }) {
  if (check.isError) return <ErrorView title="The consistency proof could not be fetched" error={check.error} onRetry={onRetry} />;
  if (!check.data || check.isFetching) return null;
  const { first, second, failures, ms } = check.data;
  if (failures.length === 0) {
    return (
      <Alert {...VERIFIED} icon={<IconShieldCheck aria-hidden />} title="Consistent">
        <Text size="sm">
          The log of <HeadName head={first} /> is a prefix of the log of <HeadName head={second} />: both signatures valid, proof valid. Nothing the earlier
          head covered was changed or removed.
        </Text>
        <Text size="sm" c="dimmed" mt={4}>
          {checkedIn(ms)}
        </Text>
      </Alert>
    );
  }
  return (
    <Alert color="red" variant="light" role="alert" icon={<IconShieldX aria-hidden />} title="Not consistent">
      <Text size="sm" mb={4}>
        <HeadName head={first} /> against <HeadName head={second} />:
      </Text>
      <Failures failures={failures} />
    </Alert>
  );
}

function HeadRow({ head, picked, disabled, onToggle }: { head: AuditTreeHead; picked: boolean; disabled: boolean; onToggle: () => void }) {
  const name = `#${head.treeSize.toLocaleString('en-US')}`;
  return (
    <Table.Tr>
      <Table.Td>
        <Checkbox checked={picked} disabled={disabled} onChange={onToggle} aria-label={`Pick tree head ${name}`} />
      </Table.Td>
      <Table.Th scope="row">{name}</Table.Th>
      <Table.Td>
        <UtcTime ms={head.timestamp} />
      </Table.Td>
      <Table.Td>
        <Code style={wrapAnywhere}>{head.rootHash}</Code>
      </Table.Td>
      <Table.Td style={wrapAnywhere}>{head.keyId}</Table.Td>
    </Table.Tr>
  );
}

/** The signed tree heads, newest first, a page at a time; pick two and check them against each other. */
function TreeHeads() {
  const heads = useInfiniteQuery(treeQueries.heads());
  const [picked, setPicked] = useState<number[]>([]);
  const consistency = useConsistencyCheck();
  if (heads.isPending) return <LoadingSkeleton label="Loading the tree heads…" heights={[240]} />;
  if (heads.isError) return <ErrorView title="The tree heads could not be loaded" error={heads.error} onRetry={() => void heads.refetch()} />;
  const rows = heads.data.pages.flatMap((page) => page.data);
  const toggle = (size: number) => setPicked((now) => (now.includes(size) ? now.filter((s) => s !== size) : [...now, size]));
  const pair = picked.length === 2 ? ([Math.min(...picked), Math.max(...picked)] as Pair) : null;

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end">
        <Text size="sm" aria-live="polite">
          {pair
            ? `Tree heads #${pair[0].toLocaleString('en-US')} and #${pair[1].toLocaleString('en-US')} picked.`
            : `Pick two tree heads to check (${picked.length} of 2 picked).`}
        </Text>
        <ActionButton
          operation="getAuditConsistencyProof"
          disabled={!pair}
          loading={consistency.check.isFetching}
          onClick={() => pair && consistency.run(pair)}
        >
          Check consistency
        </ActionButton>
      </Group>
      {consistency.asked && <ConsistencyOutcome check={consistency.check} onRetry={() => void consistency.check.refetch()} />}
      {rows.length === 0 ? (
        <Text size="sm">No tree head is signed yet: the first is signed within seconds of the first event.</Text>
      ) : (
        <Table aria-label="Signed tree heads">
          <ColumnHeads columns={['Pick', 'Tree head', 'Signed (UTC)', 'Root hash', 'Key']} />
          <Table.Tbody>
            {rows.map((head) => (
              <HeadRow
                key={head.treeSize}
                head={head}
                picked={picked.includes(head.treeSize)}
                disabled={picked.length === 2 && !picked.includes(head.treeSize)}
                onToggle={() => toggle(head.treeSize)}
              />
            ))}
          </Table.Tbody>
        </Table>
      )}
      {heads.hasNextPage && (
        <Group>
          <Button variant="default" loading={heads.isFetchingNextPage} onClick={() => void heads.fetchNextPage()}>
            Show older tree heads
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/**
 * The integrity view, beside the audit log's "Verify integrity" (the service's walk of the hash
 * chain): what a signed tree head is, the workspace's heads, and any two checked against each other
 * in the browser. A drawer of the audit log rather than a page: a route of its own would add to the
 * console's shell, which every first screen loads. Fetched with its verifier when first opened.
 */
export default function TreeHeadsDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="xl"
      title="Signed tree heads"
      closeButtonProps={{ 'aria-label': 'Close signed tree heads' }}
    >
      <Stack gap="lg">
        <Stack gap="xs" component="section" aria-labelledby="integrity-about-heading">
          <Title id="integrity-about-heading" order={2} size="h4">
            What is checked here
          </Title>
          <Text size="sm">
            Within seconds of the log growing, the service signs a <strong>tree head</strong>: the Merkle tree hash (RFC 9162) of the workspace&apos;s first N
            events, signed with its Ed25519 key, published at{' '}
            <Anchor href={JWKS_PATH} target="_blank" rel="noopener noreferrer" size="sm">
              {JWKS_PATH}
            </Anchor>
            . Tree head #N covers events 1 to N, and every head is kept.
          </Text>
          <Text size="sm">
            Pick two heads and check their <strong>consistency</strong>: your browser fetches the proof, checks both heads&apos; signatures and that the earlier
            log is a prefix of the later one, so nothing it held was changed or removed since. Nothing the service says is taken on trust.
          </Text>
          <Text size="sm">To check one event, open it in the log: its details say which signed head includes it, verified the same way.</Text>
        </Stack>
        <Stack gap="sm" component="section" aria-labelledby="integrity-heads-heading">
          <Title id="integrity-heads-heading" order={2} size="h4">
            Tree heads, newest first
          </Title>
          <TreeHeads />
        </Stack>
      </Stack>
    </Drawer>
  );
}
