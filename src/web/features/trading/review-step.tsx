import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useId } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { MAX_ORDER_NOTE, PARTIES, type TradingProvider } from '../../../contract/trading';
import { ActionButton } from '../../components/action-button';
import { type Fact, Facts } from '../../components/facts';
import { Amount } from './amount';
import { vaultQueries } from '../../lib/vault-queries';
import { DraftTextInput, useDraftError } from './draft-inputs';
import { EXECUTION_LABELS, REASON_LABELS, RELATIONSHIP_LABELS, SETTLEMENT_LABELS, SIDE_LABELS } from './labels';
import { type AccountDraft, isIdentified, type OrderDraft, type ParticipantDraft, type StepId, STEPS, stepIndex } from './order-draft';
import { OrderEstimateSummary } from './order-estimate';
import { useOrderEstimate } from './use-order-estimate';

function Section({ step, onEdit, children }: { step: StepId; onEdit: (step: number) => void; children: ReactNode }) {
  const headingId = useId();
  const index = stepIndex(step);
  const title = STEPS[index]!.label;
  return (
    <Paper withBorder p="sm" component="section" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={3} size="h5" id={headingId}>
            {title}
          </Title>
          <Button variant="subtle" size="compact-sm" onClick={() => onEdit(index)} aria-label={`Edit ${title.toLowerCase()}`}>
            Edit
          </Button>
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}

function partyName(p: ParticipantDraft) {
  return p.entityType === 'INDIVIDUAL' ? `${p.fullName.firstName} ${p.fullName.lastName}`.trim() : p.businessName;
}

function partyLines(p: ParticipantDraft): Fact[] {
  const a = p.postalAddress;
  return [
    ['Name', `${partyName(p)} (${p.entityType === 'INDIVIDUAL' ? 'individual' : 'business'})`],
    [p.entityType === 'INDIVIDUAL' ? 'Date of birth' : 'Registration number', p.entityType === 'INDIVIDUAL' ? p.dateOfBirth : p.registrationNumber],
    ['Relationship', p.participantRelationshipType ? RELATIONSHIP_LABELS[p.participantRelationshipType] : '—'],
    ['Address', `${a.streetName} ${a.buildingNumber}, ${a.postalCode} ${a.city}, ${a.district}, ${a.subdivision}, ${a.country}`],
    ['Contact', [p.email, p.phone].filter(Boolean).join(', ') || '—'],
  ];
}

interface ReviewStepProps {
  provider: TradingProvider;
  onEdit: (step: number) => void;
  onSubmit: () => void;
  submitting: boolean;
  /** The last submission got no answer: it may or may not have reached the provider. */
  unconfirmed: boolean;
}

/** Step 6: the whole order once more, then submit. */
export function ReviewStep({ provider, onEdit, onSubmit, submitting, unconfirmed }: ReviewStepProps) {
  const { control, register } = useFormContext<OrderDraft>();
  const draft = useWatch({ control }) as OrderDraft;
  const accounts = useQuery(vaultQueries.list());
  const estimate = useOrderEstimate(draft.execution, provider);
  const noteError = useDraftError('note');
  const e = draft.execution;
  const s = draft.settlement;

  const accountText = (account: AccountDraft) => {
    if (account.type === 'ONE_TIME_ADDRESS') return `One-time address ${account.address}${account.tag ? ` (tag ${account.tag})` : ''}`;
    const vault = accounts.data?.find((v) => v.id === account.accountId);
    return `Vault account ${vault ? `${vault.name} (${vault.id})` : account.accountId}`;
  };
  const accountName = provider.accounts?.find((account) => account.id === draft.accountId)?.name;

  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Section step="provider" onEdit={onEdit}>
          <Facts label="Provider" rows={[['Provider', provider.name], accountName && ['Account', `${accountName} (${draft.accountId})`]]} />
        </Section>
        <Section step="execution" onEdit={onEdit}>
          <Facts
            label="Execution"
            rows={[
              ['Order', `${e.type ? EXECUTION_LABELS[e.type] : '—'} ${SIDE_LABELS[e.side].toLowerCase()}`],
              ['Amount', <Amount key="amount" value={e.baseAmount || '0'} assetId={e.baseAssetId} />],
              ['Pair', `${e.baseAssetId}/${e.quoteAssetId}`],
              e.type === 'LIMIT' && ['Limit price', `${e.limitPrice} ${e.quoteAssetId}`],
              e.type === 'QUOTE' && e.quote !== null && ['Quote', <Amount key="quote" value={e.quote.quoteAmount} assetId={e.quote.quoteAssetId} />],
            ]}
          />
        </Section>
        <Section step="settlement" onEdit={onEdit}>
          <Facts
            label="Settlement"
            rows={[
              ['Settlement', s.type ? SETTLEMENT_LABELS[s.type] : '—'],
              s.type === 'DVP' && ['Pays from', accountText(s.sourceAccount)],
              (s.type === 'DVP' || s.type === 'PREFUNDED') && ['Delivers to', accountText(s.destinationAccount)],
            ]}
          />
        </Section>
        <Section step="source-of-funds" onEdit={onEdit}>
          <Text size="sm">{draft.sourceOfFunds.reasonForPayment ? REASON_LABELS[draft.sourceOfFunds.reasonForPayment] : 'Not given'}</Text>
        </Section>
      </SimpleGrid>
      <Section step="participants" onEdit={onEdit}>
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {PARTIES.map((party) => (
            <Stack key={party} gap={4}>
              <Text size="sm" fw={600}>
                {party === 'originator' ? 'Originator' : 'Beneficiary'}
              </Text>
              {isIdentified(draft, provider, party) ? (
                <Facts label={party} rows={partyLines(draft.participants[party])} />
              ) : (
                <Text size="sm">Not identified</Text>
              )}
            </Stack>
          ))}
        </SimpleGrid>
      </Section>
      <OrderEstimateSummary state={estimate} />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <DraftTextInput name="customerInternalReferenceId" label="Your reference" description="Optional: an id of your own to find this order by" />
        <Textarea label="Note" description={`Optional, at most ${MAX_ORDER_NOTE} characters`} rows={2} error={noteError} {...register('note')} />
      </SimpleGrid>
      {unconfirmed && (
        <Alert color="yellow" variant="light" icon={<IconWifiOff aria-hidden />} title="No answer from the service" role="alert">
          The order may or may not have reached the provider. Submit again: the draft kept the order’s Idempotency-Key, so if the first attempt did arrive the
          service answers with that order instead of creating a second one.
        </Alert>
      )}
      <Group justify="flex-end">
        <ActionButton operation="createOrder" onClick={onSubmit} loading={submitting} size="md">
          Submit order
        </ActionButton>
      </Group>
    </Stack>
  );
}
