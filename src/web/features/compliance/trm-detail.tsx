import { Alert, Anchor, Badge, Group, List, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { personKindOf } from '../../../contract/ivms101';
import type { RequiredAction, TravelRuleIntegration, TravelRuleMessage } from '../../../contract/travel-rule';
import { BackLink } from '../../components/back-link';
import { CopyableValue } from '../../components/copyable-value';
import { ErrorView } from '../../components/error-view';
import { Facts } from '../../components/facts';
import { LoadingSkeleton, Section } from '../../components/section';
import { UtcTime } from '../../components/utc-time';
import { ReadableAmount } from '../../components/readable-amount';
import { formatMoney } from '../../lib/amounts';
import { trmQueries, vaspQueries } from './api';
import { BeneficiaryForm } from './beneficiary-form';
import { fieldName } from './ivms-field-labels';
import { DIRECTION_LABELS, STATUS_LABELS } from './labels';
import { StatusBadge } from './status-badge';
import { toTravelRuleSearch, useTravelRuleView } from './travel-rule-view';

function VaspCell({ integrationId, vaspId, own }: { integrationId: string; vaspId: string | null | undefined; own: string }) {
  const vasp = useQuery({ ...vaspQueries.detail(integrationId, vaspId ?? ''), enabled: Boolean(vaspId) });
  if (!vaspId) return <Text c="dimmed">Not known</Text>;
  return (
    <Stack gap={2}>
      <Group gap="xs">
        <Text fw={500}>{vasp.data?.name ?? (vasp.isPending ? '…' : vaspId)}</Text>
        {vaspId === own && (
          <Badge size="sm" variant="light">
            This workspace
          </Badge>
        )}
      </Group>
      {vasp.data?.legalName && (
        <Text size="sm" c="dimmed">
          {vasp.data.legalName}
          {vasp.data.geographicAddress?.country ? `, ${vasp.data.geographicAddress.country}` : ''}
        </Text>
      )}
      <CopyableValue value={vaspId} label="VASP DID" />
      <Anchor component={Link} to={`?${toTravelRuleSearch({ tab: 'vasps', vasp: vaspId })}`} size="sm">
        Show {vasp.data?.name ?? 'this VASP'} in the directory
      </Anchor>
    </Stack>
  );
}

function FilledFields({ message }: { message: TravelRuleMessage }) {
  const fields = message.ivms101.filledFields;
  if (fields.length === 0) return <Text c="dimmed">No IVMS101 field is filled yet.</Text>;
  const groups = [
    { title: 'Originator', paths: fields.filter((f) => f.startsWith('Originator.')) },
    { title: 'Beneficiary', paths: fields.filter((f) => f.startsWith('Beneficiary.')) },
    { title: 'Other', paths: fields.filter((f) => !f.startsWith('Originator.') && !f.startsWith('Beneficiary.')) },
  ].filter((g) => g.paths.length > 0);
  return (
    <SimpleGrid cols={{ base: 1, md: groups.length > 1 ? 2 : 1 }}>
      {groups.map((group) => (
        // A path without words (say `Beneficiary.beneficiaryPerson[].naturalPerson.customerIdentification.x`)
        // is one unbroken string: it breaks anywhere rather than pushing the card wider than the page.
        <Stack key={group.title} gap={4} miw={0}>
          <Text fw={500} size="sm">
            {group.title}
          </Text>
          <List size="sm" spacing={2} aria-label={`${group.title} fields filled`} style={{ overflowWrap: 'anywhere' }}>
            {group.paths.map((path) => (
              <List.Item key={path} title={path}>
                {fieldName(path)}
              </List.Item>
            ))}
          </List>
        </Stack>
      ))}
    </SimpleGrid>
  );
}

function RequiredFieldsSummary({ action }: { action: RequiredAction }) {
  const fields = action.data?.beneficiaryRequiredFields ?? [];
  const person = fields.filter((f) => personKindOf(f.path) === 'naturalPerson');
  const company = fields.filter((f) => personKindOf(f.path) === 'legalPerson');
  // The kind is said once per line, so each field is named without it.
  const words = (list: typeof fields) => list.map((f) => fieldName(f.path).replace(/ \((person|company)\)$/, '')).join(', ');
  return (
    <Stack gap={4} style={{ overflowWrap: 'anywhere' }}>
      {person.length > 0 && <Text size="sm">For a person: {words(person)}.</Text>}
      {company.length > 0 && <Text size="sm">For a company: {words(company)}.</Text>}
    </Stack>
  );
}

function RequiredActions({ integrationId, message }: { integrationId: string; message: TravelRuleMessage }) {
  const actions = useQuery(trmQueries.requiredActions(integrationId, message.id));
  const counterpartyId = (message.direction === 'in' ? message.originatorVaspId : message.beneficiaryVaspId) ?? '';
  const counterparty = useQuery({ ...vaspQueries.detail(integrationId, counterpartyId), enabled: Boolean(counterpartyId) });

  if (actions.isPending) return <Skeleton height={60} />;
  if (actions.isError) return <ErrorView title="The required actions could not be loaded" error={actions.error} onRetry={() => void actions.refetch()} />;
  if (actions.data.actions.length === 0) return <Text>Nothing is required of this workspace for this message.</Text>;
  return (
    <Stack gap="lg">
      {actions.data.actions.map((action) => (
        <Stack key={action.type} gap="sm">
          <Text fw={600}>{action.type === 'UPLOAD_BENEFICIARY_PII' ? 'Provide the beneficiary’s information' : action.type}</Text>
          {action.description && <Text size="sm">{action.description}</Text>}
          <RequiredFieldsSummary action={action} />
          {action.type !== 'UPLOAD_BENEFICIARY_PII' ? (
            <Text size="sm" c="dimmed">
              This console cannot resolve this action.
            </Text>
          ) : counterparty.isPending ? (
            <Skeleton height={200} />
          ) : counterparty.isError ? (
            <ErrorView title="The counterparty VASP could not be loaded" error={counterparty.error} onRetry={() => void counterparty.refetch()} />
          ) : !counterparty.data.publicKey ? (
            <Alert color="red" title="No public key" styles={{ title: { color: 'var(--mantine-color-text)' } }}>
              {counterparty.data.name} publishes no public key, so its information cannot be encrypted for it.
            </Alert>
          ) : (
            <BeneficiaryForm
              integrationId={integrationId}
              trmId={message.id}
              counterparty={counterparty.data}
              requiredFields={action.data?.beneficiaryRequiredFields ?? []}
            />
          )}
        </Stack>
      ))}
    </Stack>
  );
}

export function TrmDetail({ integration, trmId }: { integration: TravelRuleIntegration; trmId: string }) {
  const { linkTo } = useTravelRuleView();
  const message = useQuery(trmQueries.detail(integration.customerIntegrationId, trmId));
  const integrationId = integration.customerIntegrationId;

  return (
    <Stack gap="md">
      <BackLink to={linkTo({ trm: undefined })}>All messages</BackLink>
      {message.isPending ? (
        <LoadingSkeleton label="Loading the message…" heights={[40, 200]} />
      ) : message.isError ? (
        <ErrorView title="The message could not be loaded" error={message.error} onRetry={() => void message.refetch()} />
      ) : (
        <MessageView integrationId={integrationId} own={integration.vaspId} message={message.data} />
      )}
    </Stack>
  );
}

function MessageView({ integrationId, own, message }: { integrationId: string; own: string; message: TravelRuleMessage }) {
  const ticker = message.asset.data.ticker ?? message.asset.data.id ?? '';
  const status = message.status ? STATUS_LABELS[message.status] : undefined;
  return (
    <Stack gap="md">
      <Group gap="sm" align="center">
        <Title order={2}>Message {message.externalId}</Title>
        <StatusBadge status={message.status} />
      </Group>
      {(message.reason || status) && (
        <Alert
          color={status?.color ?? 'gray'}
          variant="light"
          title={status ? `${status.label}: ${status.meaning}` : undefined}
          // The status colour marks the box; its text keeps the body colour, readable on any tint.
          styles={{ title: { color: 'var(--mantine-color-text)' } }}
          data-testid="trm-status"
        >
          {message.reason}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <Section order={3} title="Transfer">
          <Facts
            nameWidth={150}
            label="Transfer"
            rows={[
              ['Direction', DIRECTION_LABELS[message.direction]],
              [
                'Amount',
                <Stack gap={0} key="amount">
                  <Text fw={600}>
                    <ReadableAmount amount={message.amount} unit={ticker} />
                  </Text>
                  {message.fiatValue && (
                    <Text size="sm" c="dimmed">
                      {formatMoney(message.fiatValue.amount, message.fiatValue.currency)}
                    </Text>
                  )}
                </Stack>,
              ],
              ['Asset', `${ticker} on ${message.asset.data.network}${message.asset.data.contractAddress ? ` (${message.asset.data.contractAddress})` : ''}`],
              ['From wallet', <CopyableValue key="from" value={message.txnInfo.originatorWalletAddress} label="originator wallet address" />],
              ['To wallet', <CopyableValue key="to" value={message.txnInfo.beneficiaryWalletAddress} label="beneficiary wallet address" />],
              [
                'Transaction hash',
                message.txnInfo.txHash ? (
                  <CopyableValue key="hash" value={message.txnInfo.txHash} label="transaction hash" />
                ) : (
                  <Text key="hash" c="dimmed">
                    Not on chain yet
                  </Text>
                ),
              ],
              ['Created', <UtcTime key="created" ms={message.createdAt} />],
              ['Last change', <UtcTime key="updated" ms={message.updatedAt} />],
            ]}
          />
        </Section>
        <Section order={3} title="VASPs">
          <Facts
            nameWidth={150}
            label="VASPs"
            rows={[
              ['Originator VASP', <VaspCell key="o" integrationId={integrationId} vaspId={message.originatorVaspId} own={own} />],
              ['Beneficiary VASP', <VaspCell key="b" integrationId={integrationId} vaspId={message.beneficiaryVaspId} own={own} />],
            ]}
          />
        </Section>
      </SimpleGrid>
      <Section order={3} title={`IVMS101 fields filled (${message.ivms101.version})`}>
        <FilledFields message={message} />
      </Section>
      <Section order={3} title="Required actions">
        <RequiredActions integrationId={integrationId} message={message} />
      </Section>
    </Stack>
  );
}
