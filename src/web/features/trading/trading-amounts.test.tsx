import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { TradingProvider } from '../../../contract/trading';
import { TestProviders } from '../../test/render';
import { estimateOrder } from './estimate';
import { EMPTY_DRAFT, type OrderDraft } from './order-draft';
import { OrderEstimateSummary } from './order-estimate';
import { ProviderStep } from './provider-step';

// Amounts past eight decimals, which no demo provider or asset of the service has: each part of
// the order builder that shows one shows it as every amount is shown, the exact amount on hover.

/** A provider as the service lists one, with a network fee to the wei. */
const PROVIDER = TradingProvider.parse({
  id: 'WEI',
  name: 'Wei Markets',
  accountBased: false,
  manifest: {
    order: { supported: true, executionTypes: ['MARKET'], limitSupported: false, settlementTypes: ['PREFUNDED'], postOrderSupported: false },
    quote: { supported: false, settlementTypes: [] },
    rate: { supported: true },
    requiredFields: { participantsIdentification: [], sourceOfFunds: false },
    pairs: [{ baseAssetId: 'BTC', quoteAssetId: 'ETH' }],
    fees: { orderFeeBps: 25, networkFee: '0.000420000000000001' },
  },
});

function Draft({ children }: { children: ReactNode }) {
  const form = useForm<OrderDraft>({ defaultValues: EMPTY_DRAFT });
  return <FormProvider {...form}>{children}</FormProvider>;
}

describe('amounts in the order builder', () => {
  it("shows a provider's network fee as every amount is shown, the exact fee on hover", async () => {
    render(
      <Draft>
        <ProviderStep providers={[PROVIDER]} />
      </Draft>,
      { wrapper: TestProviders },
    );
    const fee = screen.getByText('≈0.00042');
    expect(fee.parentElement).toHaveTextContent('Order fee 0.25%, network fee ≈0.00042 in the quote asset');
    await userEvent.setup().hover(fee);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Exactly 0.000420000000000001');
  });

  it("shows the estimate's amount, order fee and network fee as every amount is shown", async () => {
    // Buying BTC with ETH (18 decimals) from that provider.
    const estimate = estimateOrder({
      side: 'BUY',
      baseAssetId: 'BTC',
      quoteAssetId: 'ETH',
      baseAmount: '0.5',
      price: '20.123456789123456789',
      quoteDecimals: 18,
      fees: PROVIDER.manifest.fees,
    })!;
    render(<OrderEstimateSummary state={{ status: 'ready', estimate, basis: 'market' }} />, { wrapper: TestProviders });
    const summary = screen.getByTestId('order-estimate');
    expect(summary).toHaveTextContent('You pay about ≈10.08730271 ETH and receive about 0.5 BTC');
    expect(summary).toHaveTextContent('≈10.06172839 ETH for the BTC, order fee ≈0.02515432 ETH, network fee ≈0.00042 ETH');
    await userEvent.setup().hover(within(summary).getByText('≈0.00042 ETH'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Exactly 0.000420000000000001 ETH');
  });
});
