import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Asset } from '../../contract/catalogue';
import { ProvidersResponse, type TradingProvider } from '../../contract/trading';
import { SetPriceForm } from '../features/catalogue/set-price-form';
import { OrderEstimateSummary } from '../features/trading/order-estimate';
import { EMPTY_DRAFT } from '../features/trading/order-draft';
import { useOrderEstimate } from '../features/trading/use-order-estimate';
import { callServiceFor, PEOPLE, realServiceForFile, signInTo } from '../test/real-service';
import { TestProviders } from '../test/render';

/**
 * An asset is cached under one key whichever area shows it (lib/query-keys.ts): a write in one
 * area refreshes the others' views of it, within the refresh the write itself triggers.
 */

const service = realServiceForFile();

const BUY_ONE_BTC = { ...EMPTY_DRAFT.execution, type: 'MARKET' as const, baseAssetId: 'BTC', quoteAssetId: 'USDT', baseAmount: '1' };

/** The order builder's live estimate, which reads both assets' prices from the catalogue. */
function TradingEstimate({ provider }: { provider: TradingProvider }) {
  return <OrderEstimateSummary state={useOrderEstimate(BUY_ONE_BTC, provider)} />;
}

describe('one cache entry per shared resource', () => {
  it('a price set in the catalogue refreshes the trading estimate at once', async () => {
    await signInTo(service, PEOPLE.editor);
    const btc = await callServiceFor(service, '/v1/assets/BTC', Asset);
    const [provider] = (await callServiceFor(service, '/v1/trading/providers', ProvidersResponse)).data;
    const user = userEvent.setup();
    render(
      <TestProviders>
        <SetPriceForm asset={btc} onDone={() => {}} />
        <TradingEstimate provider={provider!} />
      </TestProviders>,
    );
    const estimate = screen.getByTestId('order-estimate');
    expect(await within(estimate).findByText('Estimate at the market price: 1 BTC = 65,000 USDT')).toBeInTheDocument();

    // Well within the estimate's 30 s staleTime: only the write's invalidation can bring the new price.
    await user.type(screen.getByRole('textbox', { name: /Price of one BTC/ }), '70000');
    await user.click(screen.getByRole('button', { name: 'Save price' }));
    expect(await within(estimate).findByText('Estimate at the market price: 1 BTC = 70,000 USDT')).toBeInTheDocument();
  });
});
