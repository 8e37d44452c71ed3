import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TestProviders } from '../../test/render';
import { PaymentInstructions } from './payment-instructions';

// The order page shows these while a prefunded order waits for its deposit, and after. Which of the
// two the page shows is the real engine's to decide (it sees the deposit 3 s after the order is
// placed), so the order page's test cannot hold an order in waiting: the difference is checked here.
const XRP_DEPOSIT = [{ type: 'BLOCKCHAIN' as const, address: { blockchainAddress: 'rQyUyadjB4cHTpEhHcT49E1a61BcrUDaGr', tag: '4242' } }];

describe('payment instructions', () => {
  it('ask for the payment while the order waits for its deposit, with the tag it must carry', async () => {
    render(<PaymentInstructions instructions={XRP_DEPOSIT} assetId="XRP" awaiting />, { wrapper: TestProviders });
    expect(screen.getByText(/Send the XRP payment to this address/)).toBeInTheDocument();
    expect(screen.getByTestId('payment-deposit-address')).toHaveTextContent('rQyUyadjB4cHTpEhHcT49E1a61BcrUDaGr');
    expect(screen.getByTestId('payment-tag-or-memo')).toHaveTextContent('4242');
    expect(await screen.findByRole('img', { name: 'QR code of the deposit address for XRP' })).toBeInTheDocument();
  });

  it('stop asking once the deposit is seen, and still say where it went', async () => {
    render(<PaymentInstructions instructions={XRP_DEPOSIT} assetId="XRP" awaiting={false} />, { wrapper: TestProviders });
    expect(screen.queryByText(/Send the XRP payment/)).not.toBeInTheDocument();
    expect(screen.getByTestId('payment-deposit-address')).toHaveTextContent('rQyUyadjB4cHTpEhHcT49E1a61BcrUDaGr');
    expect(await screen.findByRole('img', { name: 'QR code of the deposit address for XRP' })).toBeInTheDocument();
  });
});
