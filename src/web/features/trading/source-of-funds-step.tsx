import { Stack, Text } from '@mantine/core';
import { providerTerms, REASONS_FOR_PAYMENT, type TradingProvider } from '../../../contract/trading';
import { DraftSelect } from './draft-inputs';
import { REASON_LABELS } from './labels';

const REASON_OPTIONS = REASONS_FOR_PAYMENT.map((reason) => ({ value: reason, label: REASON_LABELS[reason] }));

/** Step 5: why the money moves, which some providers must know before they trade. */
export function SourceOfFundsStep({ provider }: { provider: TradingProvider }) {
  const required = providerTerms(provider).requiresSourceOfFunds;
  return (
    <Stack>
      <Text size="sm">
        {required
          ? `${provider.name} requires the source of funds of every order.`
          : `${provider.name} does not require the source of funds; give it if your own policy asks for it.`}
      </Text>
      <DraftSelect
        name="sourceOfFunds.reasonForPayment"
        label="Reason for payment"
        required={required}
        clearable={!required}
        allowDeselect={!required}
        data={REASON_OPTIONS}
        maw={420}
      />
    </Stack>
  );
}
