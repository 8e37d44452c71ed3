import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PasskeyList } from '../../../contract/passkeys';
import { fakeService, signedInForEachTest, unknownCall } from '../../test/fake-service';
import { renderAt } from '../../test/render';
import { jsonResponse } from '../../test/service';
import SecurityPage from './security-page';

/** A service whose passkeys belong to `origin` (its PUBLIC_ORIGIN). */
function serviceAt(origin: string) {
  fakeService((call) => {
    if (call.method === 'GET' && call.path === '/v1/auth/passkeys') {
      const body: PasskeyList = { passkeys: [], requiredForMe: false, origin };
      return jsonResponse(200, body);
    }
    return unknownCall(call);
  });
}

signedInForEachTest('VIEWER');

describe('SecurityPage', () => {
  it('says before the button that passkeys work only at the service’s origin, and disables it, on a page of another origin', async () => {
    serviceAt('http://passkeys.example:8080');
    renderAt(<SecurityPage />, '/security');

    const form = await screen.findByRole('form', { name: 'Add a passkey' });
    const notice = screen.getAllByRole('status').find((status) => status.textContent?.includes('Passkeys work only at http://passkeys.example:8080'));
    expect(notice).toBeDefined();
    expect(notice!).toHaveTextContent(`This page is open at ${window.location.origin}`);
    expect(within(notice!).getByRole('link', { name: 'Open this page at http://passkeys.example:8080' })).toHaveAttribute(
      'href',
      'http://passkeys.example:8080/security',
    );
    expect(within(form).getByRole('button', { name: 'Add passkey' })).toBeDisabled();
  });

  it('offers the button without a notice at the service’s origin', async () => {
    serviceAt(window.location.origin);
    renderAt(<SecurityPage />, '/security');

    const form = await screen.findByRole('form', { name: 'Add a passkey' });
    expect(within(form).getByRole('button', { name: 'Add passkey' })).toBeEnabled();
    expect(screen.queryByText(/Passkeys work only at/)).not.toBeInTheDocument();
  });
});
