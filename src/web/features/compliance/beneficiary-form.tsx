import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Fieldset, Group, SegmentedControl, SimpleGrid, Stack, Text, TextInput, type TextInputProps } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useId, useMemo, useRef } from 'react';
import { Controller, type FieldPath, useForm, useWatch } from 'react-hook-form';
import { COUNTRY_CODES } from '../../../contract/country-codes';
import { LEGAL_PERSON_ID_TYPES, NATURAL_PERSON_ID_TYPES, type PersonKind } from '../../../contract/ivms101';
import type { RequiredField, ResolveActionRequest, Vasp } from '../../../contract/travel-rule';
import { ActionButton } from '../../components/action-button';
import { dayInputProps } from '../../components/day-input';
import { FormSelect } from '../../components/form-select';
import { notifyError } from '../../components/notify-error';
import { useResolveAction } from './api';
import { type BeneficiaryFormValues, beneficiarySchema, beneficiaryUploadOf, EMPTY_BENEFICIARY, formField, type ValidBeneficiary } from './beneficiary-model';
import { ADDRESS_LEGENDS, formLabel } from './ivms-field-labels';
import { encryptForVasp } from './pii-encryption';

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
const COUNTRY_OPTIONS = COUNTRY_CODES.map((code) => ({ value: code, label: `${regionNames.of(code) ?? code} (${code})` })).sort((a, b) =>
  a.label.localeCompare(b.label, 'en'),
);

const ID_TYPE_LABELS: Record<string, string> = {
  CCPT: 'Passport number',
  IDCD: 'Identity card number',
  DRLC: 'Driving licence number',
  SOCS: 'Social security number',
  TXID: 'Tax identification number',
  ARNU: 'Alien registration number',
  MISC: 'Other',
  LEIX: 'Legal Entity Identifier (LEI)',
  RAID: 'Registration authority identifier',
};
const idTypeOptions = (types: readonly string[]) => types.map((type) => ({ value: type, label: ID_TYPE_LABELS[type] ?? type }));

type Field = FieldPath<BeneficiaryFormValues>;

const IVMS_NAME_FIELDS = ['naturalPerson.name.nameIdentifier.0.primaryIdentifier', 'legalPerson.name.nameIdentifier.0.legalPersonName'];

interface BeneficiaryFormProps {
  integrationId: string;
  trmId: string;
  counterparty: Vasp;
  /** The beneficiary fields the counterparty still needs (IVMS101 paths, for a person and for a company). */
  requiredFields: readonly RequiredField[];
}

/**
 * The beneficiary's identity in IVMS101, for a person or for a company. On sending it is
 * encrypted in this browser for the counterparty VASP's public key; the service only ever sees
 * the ciphertext and the list of fields it fills.
 */
export function BeneficiaryForm({ integrationId, trmId, counterparty, requiredFields }: BeneficiaryFormProps) {
  const headingId = useId();
  const requiredPaths = useMemo(() => requiredFields.map((f) => f.path), [requiredFields]);
  // IVMS101 itself requires a name for any person; the counterparty adds what its policy needs.
  const required = useMemo(() => new Set([...IVMS_NAME_FIELDS, ...requiredPaths.map(formField)]), [requiredPaths]);
  const schema = useMemo(() => beneficiarySchema(requiredPaths, counterparty.name), [requiredPaths, counterparty.name]);
  const { control, register, handleSubmit, formState } = useForm<BeneficiaryFormValues, unknown, ValidBeneficiary>({
    resolver: zodResolver(schema),
    defaultValues: EMPTY_BENEFICIARY,
  });
  const kind = useWatch({ control, name: 'kind' });
  // The same beneficiary sent again (after the service could not be reached) goes out as the same
  // ciphertext, so it carries the same Idempotency-Key and is resolved at most once.
  const sent = useRef<{ beneficiary: string; body: ResolveActionRequest } | null>(null);
  // A refusal names the upload as a whole rather than one input: it is notified with its request id.
  const resolve = useResolveAction(integrationId, trmId);

  const send = async (beneficiary: ValidBeneficiary) => {
    const fingerprint = JSON.stringify(beneficiary);
    let body = sent.current?.beneficiary === fingerprint ? sent.current.body : undefined;
    if (!body) {
      const { payload, filledFields } = beneficiaryUploadOf(beneficiary);
      let data: string;
      try {
        data = await encryptForVasp(counterparty.publicKey ?? '', payload);
      } catch (error) {
        notifyError(`The information could not be encrypted for ${counterparty.name}`, error);
        return;
      }
      body = { type: 'UPLOAD_BENEFICIARY_PII', data: { beneficiaryPii: { ivms101: { version: 'IVMS101.2023', data, filledFields } } } };
      sent.current = { beneficiary: fingerprint, body };
    }
    await resolve.mutateAsync(body).then(
      () => {
        sent.current = null;
      },
      () => undefined,
    );
  };

  const errorOf = (name: Field): string | undefined => {
    let node: unknown = formState.errors;
    for (const part of name.split('.')) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
    const message = (node as { message?: string } | undefined)?.message;
    // The contract names the IVMS101 field ("primaryIdentifier is required"); the input already says which.
    return message?.replace(/^\w+ is required$/, 'Required');
  };
  const text = (name: Field, props: Omit<TextInputProps, 'label' | 'required' | 'error'> = {}) => (
    <TextInput key={name} label={formLabel(name)} required={required.has(name)} error={errorOf(name)} {...props} {...register(name)} />
  );
  const select = (name: Field, data: { value: string; label: string }[], searchable = false) => (
    <FormSelect
      key={name}
      control={control}
      name={name}
      label={formLabel(name)}
      required={required.has(name)}
      data={data}
      searchable={searchable}
      clearable
      allowDeselect
      error={errorOf(name)}
    />
  );

  return (
    <form noValidate aria-labelledby={headingId} onSubmit={(event) => void handleSubmit(send)(event)}>
      <Stack gap="md">
        <Text fw={600} id={headingId}>
          Beneficiary information for {counterparty.name}
        </Text>
        <Controller
          control={control}
          name="kind"
          render={({ field }) => (
            <Stack gap={4}>
              <Text size="sm" fw={500} id={`${headingId}-kind`}>
                The beneficiary is
              </Text>
              <SegmentedControl
                aria-labelledby={`${headingId}-kind`}
                value={field.value}
                onChange={(value) => field.onChange(value as PersonKind)}
                data={[
                  { value: 'naturalPerson', label: 'A person' },
                  { value: 'legalPerson', label: 'A company' },
                ]}
                w="fit-content"
              />
            </Stack>
          )}
        />
        {kind === 'naturalPerson' ? (
          <>
            <Fieldset legend="Name">
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                {text('naturalPerson.name.nameIdentifier.0.primaryIdentifier', { autoComplete: 'off' })}
                {text('naturalPerson.name.nameIdentifier.0.secondaryIdentifier', { autoComplete: 'off' })}
              </SimpleGrid>
            </Fieldset>
            <Fieldset legend={ADDRESS_LEGENDS.naturalPerson}>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                {text('naturalPerson.geographicAddress.0.streetName')}
                {text('naturalPerson.geographicAddress.0.buildingNumber')}
                {text('naturalPerson.geographicAddress.0.postCode')}
                {text('naturalPerson.geographicAddress.0.townName')}
                {select('naturalPerson.geographicAddress.0.country', COUNTRY_OPTIONS, true)}
                {select('naturalPerson.countryOfResidence', COUNTRY_OPTIONS, true)}
              </SimpleGrid>
            </Fieldset>
            <Fieldset legend="National identification">
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                {select('naturalPerson.nationalIdentification.nationalIdentifierType', idTypeOptions(NATURAL_PERSON_ID_TYPES))}
                {text('naturalPerson.nationalIdentification.nationalIdentifier', { autoComplete: 'off' })}
                {select('naturalPerson.nationalIdentification.countryOfIssue', COUNTRY_OPTIONS, true)}
              </SimpleGrid>
            </Fieldset>
            <Fieldset legend="Date and place of birth">
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                {text('naturalPerson.dateAndPlaceOfBirth.dateOfBirth', dayInputProps('1986-04-17'))}
                {text('naturalPerson.dateAndPlaceOfBirth.placeOfBirth')}
              </SimpleGrid>
            </Fieldset>
          </>
        ) : (
          <>
            <Fieldset legend="Name">{text('legalPerson.name.nameIdentifier.0.legalPersonName', { autoComplete: 'organization' })}</Fieldset>
            <Fieldset legend={ADDRESS_LEGENDS.legalPerson}>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                {text('legalPerson.geographicAddress.0.streetName')}
                {text('legalPerson.geographicAddress.0.buildingNumber')}
                {text('legalPerson.geographicAddress.0.postCode')}
                {text('legalPerson.geographicAddress.0.townName')}
                {select('legalPerson.geographicAddress.0.country', COUNTRY_OPTIONS, true)}
                {select('legalPerson.countryOfRegistration', COUNTRY_OPTIONS, true)}
              </SimpleGrid>
            </Fieldset>
            <Fieldset legend="National identification">
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                {select('legalPerson.nationalIdentification.nationalIdentifierType', idTypeOptions(LEGAL_PERSON_ID_TYPES))}
                {text('legalPerson.nationalIdentification.nationalIdentifier', { autoComplete: 'off' })}
              </SimpleGrid>
            </Fieldset>
          </>
        )}
        <Alert variant="light" color="blue" icon={<IconLock aria-hidden />}>
          <Text size="sm">
            This information is encrypted in your browser for {counterparty.name}&apos;s public key before it is sent. Only {counterparty.name} can read it;
            this service stores the ciphertext and the list of fields filled.
          </Text>
        </Alert>
        <Group>
          <ActionButton operation="resolveTravelRuleAction" type="submit" loading={formState.isSubmitting || resolve.isPending}>
            Encrypt and send
          </ActionButton>
        </Group>
      </Stack>
    </form>
  );
}
