import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Asset } from '../../../contract/catalogue';
import { TransactionWithTimeline } from '../../../contract/transactions';
import { TestProviders } from '../../test/render';
import { AmountsAndFees } from './amounts-and-fees';

// A USDC transfer on Ethereum as a service may describe it: 18-decimal gas in ETH and a gas price,
// which this service's simulated chains do not report, so the transfer is written out here.
const TX = TransactionWithTimeline.parse({
  id: 'b5a5c7f2-3c1e-4a51-9a77-5f1c4c1f0e01',
  status: 'COMPLETED',
  operation: 'TRANSFER',
  assetId: 'USDC',
  source: { type: 'VAULT_ACCOUNT', id: '0' },
  sourceAddress: '0x0000000000000000000000000000000000000001',
  destination: { type: 'VAULT_ACCOUNT', id: '1' },
  destinationAddress: '0x0000000000000000000000000000000000000002',
  amountInfo: { amount: '1500.123456789', requestedAmount: '1500.123456789', netAmount: '1500.123456789' },
  treatAsGrossAmount: false,
  feeInfo: { fee: '0.000420000000000001', networkFee: '0.000420000000000001', gasPrice: '21.0000000015' },
  feeCurrency: 'ETH',
  networkRecords: [],
  createdAt: Date.UTC(2026, 0, 31, 14),
  lastUpdated: Date.UTC(2026, 0, 31, 14, 1),
  createdBy: 'editor',
  signedBy: ['editor'],
  numOfConfirmations: 12,
  blockInfo: {},
  requestedAmount: 1500.123456789,
  amount: 1500.123456789,
  netAmount: 1500.123456789,
  networkFee: 0.00042,
  timeline: [],
});

const USDC = { onchain: { decimals: 6 } } as Asset;

const row = (name: string) => within(screen.getByRole('table', { name: 'Amounts and fees' })).getByRole('row', { name: new RegExp(`^${name} `) });

describe("a transaction's amounts and fees", () => {
  it('shows each amount, fee and the gas price as every amount is shown, the exact one on hover', async () => {
    render(<AmountsAndFees tx={TX} asset={USDC} />, { wrapper: TestProviders });
    // The amount to USDC's 6 decimals: nothing left to cut.
    expect(row('Amount')).toHaveTextContent(/^Amount1,500\.123456 USDC$/);
    // The fee in another asset (ETH), taken as sent, and the gas price, which has no unit.
    expect(row('Network fee')).toHaveTextContent(/^Network fee≈0\.00042 ETH$/);
    expect(row('Gas price')).toHaveTextContent(/^Gas price≈21$/);
    const user = userEvent.setup();
    await user.hover(within(row('Gas price')).getByText('≈21'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Exactly 21.0000000015');
  });
});
