import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ScreeningConfigurationState } from '../../../contract/screening';
import { fakeService, noPasskeys, signInAs, unknownCall } from '../../test/fake-service';
import { renderPage } from '../../test/render';
import { jsonResponse } from '../../test/service';
import ScreeningPage from './screening-page';

/** A service holding the configuration and applying what is PUT to it. */
function service(initial: ScreeningConfigurationState) {
  let state = initial;
  return fakeService((call) => {
    const passkeys = noPasskeys(call);
    if (passkeys) return passkeys;
    if (call.path !== '/v1/screening/configurations') return unknownCall(call);
    if (call.method === 'PUT') {
      const body = call.body as Partial<ScreeningConfigurationState>;
      state = { ...state, ...body, updatedAt: Date.UTC(2026, 2, 1, 9), updatedBy: { id: 'u1', name: 'Pat Person' } };
      return jsonResponse(200, { disableBypass: state.disableBypass, disableUnfreeze: state.disableUnfreeze });
    }
    return jsonResponse(200, state);
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ScreeningPage', () => {
  it('asks before turning a protection off, and changes nothing when the user keeps it on', async () => {
    await signInAs('NON_SIGNING_ADMIN');
    const calls = service({ disableBypass: true, disableUnfreeze: true, updatedAt: Date.UTC(2026, 0, 1), updatedBy: null });
    const user = userEvent.setup();
    renderPage(<ScreeningPage />, '/compliance/screening');

    const bypass = await screen.findByRole('switch', { name: 'Screening cannot be bypassed' });
    expect(bypass).toBeChecked();
    expect(bypass).toHaveAccessibleDescription(/nobody can let a transaction skip screening/);
    expect(screen.getByText(/Set when the workspace was set up/)).toBeInTheDocument();

    await user.click(bypass);
    const dialog = await screen.findByRole('dialog', { name: 'Allow screening to be bypassed?' });
    expect(dialog).toHaveTextContent('Funds could move before a risk is detected.');
    await user.click(screen.getByRole('button', { name: 'Keep it on' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bypass).toBeChecked();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);

    await user.click(bypass);
    await user.click(await screen.findByRole('button', { name: 'Turn protection off' }));
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Screening cannot be bypassed' })).not.toBeChecked());
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ disableBypass: false }]);
    expect(await screen.findByTestId('screening-last-change')).toHaveTextContent('Last changed by Pat Person');
  });

  it('turns a protection on at once, without asking', async () => {
    await signInAs('OWNER');
    const calls = service({ disableBypass: false, disableUnfreeze: false, updatedAt: null, updatedBy: null });
    const user = userEvent.setup();
    renderPage(<ScreeningPage />, '/compliance/screening');

    expect(await screen.findByText('Never changed: both protections are at their defaults.')).toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'Frozen funds stay frozen' }));
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Frozen funds stay frozen' })).toBeChecked());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ disableUnfreeze: true }]);
  });

  it.each(['VIEWER', 'SECURITY_ADMIN', 'AUDITOR', 'SIGNER'] as const)('shows the switches read-only to a %s, who may not change them', async (role) => {
    await signInAs(role);
    const calls = service({ disableBypass: true, disableUnfreeze: false, updatedAt: null, updatedBy: null });
    const user = userEvent.setup();
    renderPage(<ScreeningPage />, '/compliance/screening');

    const bypass = await screen.findByRole('switch', { name: 'Screening cannot be bypassed' });
    const unfreeze = screen.getByRole('switch', { name: 'Frozen funds stay frozen' });
    expect(bypass).toBeChecked();
    expect(bypass).toBeDisabled();
    expect(unfreeze).not.toBeChecked();
    expect(unfreeze).toBeDisabled();
    expect(screen.getByText(/can see the screening protections but not change them/)).toBeInTheDocument();
    await user.click(unfreeze);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });
});
