import { Alert, Badge, Button, Fieldset, Group, Paper, SegmentedControl, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { IconBuilding } from '@tabler/icons-react';
import { useId } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { providerTerms, RELATIONSHIP_TYPES, TRADING_COUNTRY_CODES, type TradingProvider } from '../../../contract/trading';
import { useSignedInUser } from '../../lib/use-session-state';
import { dayInputProps } from '../../components/day-input';
import { DraftSelect, DraftTextInput, useDraftError } from './draft-inputs';
import { RELATIONSHIP_LABELS } from './labels';
import type { DraftField, OrderDraft, Party } from './order-draft';

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
const COUNTRY_OPTIONS = TRADING_COUNTRY_CODES.map((code) => ({ value: code, label: `${regionNames.of(code) ?? code} (${code})` })).sort((a, b) =>
  a.label.localeCompare(b.label, 'en'),
);
const RELATIONSHIP_OPTIONS = RELATIONSHIP_TYPES.map((type) => ({ value: type, label: RELATIONSHIP_LABELS[type] }));

const PARTY_TITLES: Record<Party, string> = { originator: 'Originator', beneficiary: 'Beneficiary' };
const PARTY_PURPOSE: Record<Party, string> = {
  originator: 'Who the funds of this order come from.',
  beneficiary: 'Who the assets of this order are for.',
};

/** The fields of one party: a person or a business, with a full postal address. */
function ParticipantFields({ party, provider }: { party: Party; provider: TradingProvider }) {
  const { control, getValues, setValue } = useFormContext<OrderDraft>();
  const user = useSignedInUser();
  const participant = useWatch({ control, name: `participants.${party}` });
  const required = providerTerms(provider).requiredParties.includes(party);
  const identified = required || participant.included;
  const partError = useDraftError(`participants.${party}` as DraftField);
  const headingId = useId();
  const kindId = useId();
  const at = (path: string) => `participants.${party}.${path}` as DraftField;

  const fillWithWorkspace = () => {
    const current = getValues(`participants.${party}`);
    setValue(
      `participants.${party}`,
      {
        ...current,
        included: true,
        entityType: 'BUSINESS',
        participantRelationshipType: 'FirstParty',
        businessName: user.workspaceName,
        externalReferenceId: current.externalReferenceId || `workspace-${user.workspaceId}`,
      },
      { shouldDirty: true },
    );
  };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby={headingId}>
      <Stack>
        <Group justify="space-between" align="flex-start">
          <Stack gap={2}>
            <Group gap="xs">
              <Title order={3} size="h4" id={headingId}>
                {PARTY_TITLES[party]}
              </Title>
              {required ? (
                <Badge variant="light" color="red" size="sm">
                  Required by {provider.name}
                </Badge>
              ) : (
                <Badge variant="light" color="gray" size="sm">
                  Optional for {provider.name}
                </Badge>
              )}
            </Group>
            <Text size="sm" c="dimmed">
              {PARTY_PURPOSE[party]}
            </Text>
          </Stack>
          {!required && (
            <Controller
              control={control}
              name={`participants.${party}.included`}
              render={({ field }) => (
                <Switch label={`Identify the ${party}`} checked={field.value} onChange={(event) => field.onChange(event.currentTarget.checked)} />
              )}
            />
          )}
        </Group>
        {partError && (
          <Alert color="red" variant="light" role="alert">
            {partError}
          </Alert>
        )}
        {identified && (
          <>
            <Group gap="sm" align="center">
              <Button variant="default" size="xs" leftSection={<IconBuilding size={14} aria-hidden />} onClick={fillWithWorkspace}>
                Use this workspace’s details
              </Button>
              <Text size="xs" c="dimmed" maw={560}>
                Fills in {user.workspaceName} as a business and first party. The service knows this workspace only by its name: complete its registration number
                and registered address here.
              </Text>
            </Group>
            <Controller
              control={control}
              name={`participants.${party}.entityType`}
              render={({ field }) => (
                <Stack gap={4}>
                  <Text size="sm" fw={500} id={kindId}>
                    The {party} is
                  </Text>
                  <SegmentedControl
                    aria-labelledby={kindId}
                    value={field.value}
                    onChange={field.onChange}
                    data={[
                      { value: 'INDIVIDUAL', label: 'An individual' },
                      { value: 'BUSINESS', label: 'A business' },
                    ]}
                    w="fit-content"
                  />
                </Stack>
              )}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <DraftSelect name={at('participantRelationshipType')} label="Relationship to this workspace" required data={RELATIONSHIP_OPTIONS} />
              <DraftTextInput name={at('externalReferenceId')} label="Your reference for this party" description="Your own customer or record id" required />
            </SimpleGrid>
            {participant.entityType === 'INDIVIDUAL' ? (
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                <DraftTextInput name={at('fullName.firstName')} label="First name" required />
                <DraftTextInput name={at('fullName.lastName')} label="Last name" required />
                <DraftTextInput name={at('dateOfBirth')} label="Date of birth" required {...dayInputProps('1985-12-10')} />
              </SimpleGrid>
            ) : (
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <DraftTextInput name={at('businessName')} label="Business name" autoComplete="organization" required />
                <DraftTextInput name={at('registrationNumber')} label="Registration number" description="As in the commercial register" required />
              </SimpleGrid>
            )}
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <DraftTextInput name={at('email')} label="Email" type="email" />
              <DraftTextInput name={at('phone')} label="Phone" type="tel" description="International format, e.g. +4930123456" />
            </SimpleGrid>
            <Fieldset legend={participant.entityType === 'BUSINESS' ? 'Registered address' : 'Postal address'}>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <DraftTextInput name={at('postalAddress.streetName')} label="Street" required />
                <DraftTextInput name={at('postalAddress.buildingNumber')} label="Building number" required />
                <DraftTextInput name={at('postalAddress.postalCode')} label="Postal code" required />
                <DraftTextInput name={at('postalAddress.city')} label="City" required />
                <DraftTextInput name={at('postalAddress.district')} label="District" required />
                <DraftTextInput name={at('postalAddress.subdivision')} label="State or region" required />
                <DraftSelect name={at('postalAddress.country')} label="Country" required searchable data={COUNTRY_OPTIONS} />
              </SimpleGrid>
            </Fieldset>
          </>
        )}
      </Stack>
    </Paper>
  );
}

/** Step 4: who the order is for and from, as far as the provider needs to know (KYC). */
export function ParticipantsStep({ provider }: { provider: TradingProvider }) {
  return (
    <Stack>
      <ParticipantFields party="originator" provider={provider} />
      <ParticipantFields party="beneficiary" provider={provider} />
    </Stack>
  );
}
