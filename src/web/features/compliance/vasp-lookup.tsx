import { Alert, Anchor, Button, Code, Group, Paper, Skeleton, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { DID_PATTERN, type Vasp } from '../../../contract/travel-rule';
import { CopyableValue, CopyTextButton } from '../../components/copyable-value';
import { ErrorView } from '../../components/error-view';
import { ColumnHeads } from '../../components/facts';
import { LoadMoreButton } from '../../components/load-more-button';
import { isApiError } from '../../lib/api-client';
import { vaspQueries } from './api';
import { useTravelRuleView } from './travel-rule-view';
import { LoadingSkeleton } from '../../components/section';

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
const countryName = (code: string | null | undefined) => (code ? (regionNames.of(code) ?? code) : '—');

function PublicKey({ vasp }: { vasp: Vasp }) {
  if (!vasp.publicKey) return <Text c="dimmed">This VASP publishes no public key.</Text>;
  return (
    <Stack gap="xs">
      {vasp.publicKeyFingerprint && (
        <Stack gap={2}>
          <Text size="sm" fw={500}>
            SHA-256 fingerprint
          </Text>
          <CopyableValue value={vasp.publicKeyFingerprint} label="public key fingerprint" />
        </Stack>
      )}
      <Group justify="space-between" align="center">
        <Text size="sm" fw={500}>
          Public key (PEM)
        </Text>
        <CopyTextButton value={vasp.publicKey} label="Copy public key" copiedLabel="Copied" />
      </Group>
      <Code block aria-label={`Public key of ${vasp.name}`}>
        {vasp.publicKey.trim()}
      </Code>
    </Stack>
  );
}

export function VaspCard({ vasp }: { vasp: Vasp }) {
  const headingId = useId();
  const id = vasp.nationalIdentification;
  const address = vasp.geographicAddress;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={3} id={headingId}>
          {vasp.name}
        </Title>
        <Table variant="vertical" withTableBorder={false} aria-label={`Details of ${vasp.name}`}>
          <Table.Tbody>
            <Table.Tr>
              <Table.Th w={220}>Legal name</Table.Th>
              <Table.Td>{vasp.legalName ?? '—'}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>DID</Table.Th>
              <Table.Td>
                <CopyableValue value={vasp.id} label="DID" />
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>National identification</Table.Th>
              <Table.Td>{id ? `${id.identifier}${id.type ? ` (${id.type}${id.authority ? `, ${id.authority}` : ''})` : ''}` : '—'}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>Address</Table.Th>
              <Table.Td>{address?.formattedAddress ?? countryName(address?.country)}</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
        <PublicKey vasp={vasp} />
      </Stack>
    </Paper>
  );
}

function SelectedVasp({ integrationId, vaspId }: { integrationId: string; vaspId: string }) {
  const vasp = useQuery(vaspQueries.detail(integrationId, vaspId));
  if (vasp.isPending) return <LoadingSkeleton label="Loading the VASP…" heights={[240]} />;
  if (vasp.isError) {
    if (isApiError(vasp.error) && vasp.error.status === 404) {
      return (
        <Alert color="yellow" title="Not in the directory" styles={{ title: { color: 'var(--mantine-color-text)' } }}>
          No VASP with the DID {vaspId} is in the directory.
        </Alert>
      );
    }
    return <ErrorView title="The VASP could not be loaded" error={vasp.error} onRetry={() => void vasp.refetch()} />;
  }
  return <VaspCard vasp={vasp.data} />;
}

const count = (n: number, one: string, many: string) => (n === 1 ? `1 ${one}` : `${n} ${many}`);

/** The directory's VASPs matching `q`, or, without one, the directory itself a page at a time. */
function Results({ integrationId, q }: { integrationId: string; q: string }) {
  const { linkTo } = useTravelRuleView();
  const results = useInfiniteQuery(vaspQueries.search(integrationId, q));
  const vasps = results.data?.pages.flatMap((page) => page.data) ?? [];
  if (results.isPending) return <Skeleton height={120} />;
  if (results.isError) return <ErrorView title="The directory could not be searched" error={results.error} onRetry={() => void results.refetch()} />;
  if (vasps.length === 0) return <Text c="dimmed">{q ? `No VASP matches “${q}”.` : 'The directory is empty.'}</Text>;
  const [one, many] = q ? ['match', 'matches'] : ['VASP', 'VASPs'];
  return (
    <Stack gap="sm">
      <Table.ScrollContainer minWidth={720}>
        <Table striped highlightOnHover verticalSpacing="xs">
          <Table.Caption>{results.hasNextPage ? `The first ${vasps.length} ${many}` : count(vasps.length, one, many)}</Table.Caption>
          <ColumnHeads columns={['Name', 'Legal name', 'Country', 'DID']} />
          <Table.Tbody>
            {vasps.map((vasp) => (
              <Table.Tr key={vasp.id}>
                <Table.Td>
                  <Anchor component={Link} to={linkTo({ vasp: vasp.id })} size="sm">
                    {vasp.name}
                  </Anchor>
                </Table.Td>
                <Table.Td>{vasp.legalName}</Table.Td>
                <Table.Td>{countryName(vasp.geographicAddress?.country)}</Table.Td>
                <Table.Td>
                  <Text size="xs" ff="monospace">
                    {vasp.id}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <LoadMoreButton list={results} />
    </Stack>
  );
}

/** Look a VASP up by its DID or by words of its name; the search and the VASP shown live in the address. */
export function VaspLookup({ integrationId }: { integrationId: string }) {
  const { view, update } = useTravelRuleView();
  const q = view.q ?? '';
  const selected = view.vasp;
  const [input, setInput] = useState(q || selected || '');

  const search = (event: FormEvent) => {
    event.preventDefault();
    const term = input.trim();
    // A whole DID leads straight to its VASP.
    update((latest) => ({ ...latest, q: term || undefined, vasp: DID_PATTERN.test(term) ? term : undefined }));
  };

  return (
    <Stack gap="md">
      <form onSubmit={search} role="search" aria-label="VASP directory">
        <Group align="flex-end">
          <TextInput
            label="DID or name"
            description="A DID such as did:web:example.com, or words of the name or legal name."
            value={input}
            onChange={(event) => setInput(event.currentTarget.value)}
            w={420}
            maxLength={200}
          />
          <Button type="submit" leftSection={<IconSearch size={16} aria-hidden />}>
            Search
          </Button>
        </Group>
      </form>
      {selected && <SelectedVasp integrationId={integrationId} vaspId={selected} />}
      {/* Without a search the directory lists its first page, so there is something to browse. */}
      {(q ? !DID_PATTERN.test(q) : !selected) && <Results integrationId={integrationId} q={q} />}
    </Stack>
  );
}
