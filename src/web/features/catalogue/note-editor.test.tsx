import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderAt } from '../../test/render';
import { jsonResponse } from '../../test/service';
import { AssetDrawer } from './asset-drawer';
import { asset, type Call, CHAINS, fakeService, signedInForEachTest } from './test-catalogue';

const NOTE = { text: 'Treasury holds this for payroll', userId: 'u1', userName: 'Pat Person', updatedAt: '2026-11-20T09:30:00.000Z' };
const USDC = asset('USDC', { metadata: { scope: 'GLOBAL', verified: true, deprecated: false, media: [], features: [], note: NOTE } });
const chains = new Map(CHAINS.map((chain) => [chain.id, chain]));

/** The asset as the service keeps it: a PATCH changes the note that later reads return. */
function service(patchAnswer?: (call: Call) => Response) {
  let current = USDC;
  return fakeService((call) => {
    if (call.path !== `/v1/assets/${USDC.id}`) return undefined;
    if (call.method === 'PATCH') {
      if (patchAnswer) return patchAnswer(call);
      const { text } = (call.body as { metadata: { note: { text: string } } }).metadata.note;
      current = { ...current, metadata: { ...current.metadata, note: { ...NOTE, text } } };
    }
    return jsonResponse(200, current);
  });
}

async function openDrawer(canEditNote = true) {
  const user = userEvent.setup();
  renderAt(<AssetDrawer assetId={USDC.id} chains={chains} onClose={() => {}} canSetPrice canEditNote={canEditNote} />);
  const drawer = await screen.findByRole('dialog', { name: 'Asset details' });
  await within(drawer).findByRole('heading', { name: 'USDC token' });
  return { user, drawer };
}

const patches = (calls: Call[]) => calls.filter((call) => call.method === 'PATCH');

signedInForEachTest('EDITOR');

describe('My note', () => {
  it('edits the note in place and shows what the service kept', async () => {
    const calls = service();
    const { user, drawer } = await openDrawer();
    expect(within(drawer).getByTestId('my-note')).toHaveTextContent(NOTE.text);

    await user.click(within(drawer).getByRole('button', { name: 'Edit note' }));
    const editor = within(drawer).getByRole('textbox', { name: 'Your note' });
    await waitFor(() => expect(editor).toHaveFocus());
    expect(editor).toHaveValue(NOTE.text);
    await user.clear(editor);
    await user.type(editor, 'Sold in March');
    expect(editor).toHaveAccessibleDescription(/13 of 512 characters/);
    await user.click(within(drawer).getByRole('button', { name: 'Save note' }));

    await waitFor(() => expect(within(drawer).getByTestId('my-note')).toHaveTextContent('Sold in March'));
    expect(patches(calls)).toHaveLength(1);
    expect(patches(calls)[0]!.body).toEqual({ metadata: { note: { text: 'Sold in March' } } });
    expect(patches(calls)[0]!.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f]{32}$/);
    // The editor is gone: focus goes back to the button that opened it.
    expect(within(drawer).getByRole('button', { name: 'Edit note' })).toHaveFocus();
  });

  it('throws the draft away on Cancel, and on Escape without closing the drawer', async () => {
    const calls = service();
    const { user, drawer } = await openDrawer();

    await user.click(within(drawer).getByRole('button', { name: 'Edit note' }));
    await user.type(within(drawer).getByRole('textbox', { name: 'Your note' }), ' and more');
    await user.click(within(drawer).getByRole('button', { name: 'Cancel' }));
    expect(within(drawer).getByTestId('my-note')).toHaveTextContent(NOTE.text);

    await user.click(within(drawer).getByRole('button', { name: 'Edit note' }));
    await user.type(within(drawer).getByRole('textbox', { name: 'Your note' }), ' and more');
    await user.keyboard('{Escape}');
    expect(within(drawer).queryByRole('textbox', { name: 'Your note' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Asset details' })).toBeInTheDocument();
    expect(within(drawer).getByTestId('my-note')).toHaveTextContent(NOTE.text);
    expect(patches(calls)).toHaveLength(0);
  });

  it('refuses a note over 512 characters before sending it', async () => {
    const calls = service();
    const { user, drawer } = await openDrawer();
    await user.click(within(drawer).getByRole('button', { name: 'Edit note' }));
    const editor = within(drawer).getByRole('textbox', { name: 'Your note' });
    await user.clear(editor);
    await user.click(editor);
    await user.paste('x'.repeat(513));
    await user.click(within(drawer).getByRole('button', { name: 'Save note' }));

    expect(await within(drawer).findByText('note text is at most 512 characters')).toBeInTheDocument();
    expect(editor).toHaveAttribute('aria-invalid', 'true');
    expect(patches(calls)).toHaveLength(0);
  });

  it('puts the service’s objection on the note', async () => {
    service(() => jsonResponse(400, { message: "Invalid request: body 'metadata.note.text': note text is at most 512 characters", code: 400 }));
    const { user, drawer } = await openDrawer();
    await user.click(within(drawer).getByRole('button', { name: 'Edit note' }));
    await user.click(within(drawer).getByRole('button', { name: 'Save note' }));
    expect(await within(drawer).findByText('note text is at most 512 characters')).toBeInTheDocument();
    expect(within(drawer).getByRole('textbox', { name: 'Your note' })).toBeInTheDocument();
  });

  it('offers no editor to a role that may not keep notes', async () => {
    fakeService((call) =>
      call.path === `/v1/assets/${USDC.id}` ? jsonResponse(200, { ...USDC, metadata: { ...USDC.metadata, note: undefined } }) : undefined,
    );
    const { drawer } = await openDrawer(false);
    expect(within(drawer).getByText('You have no note on this asset, and your role cannot add one.')).toBeInTheDocument();
    expect(within(drawer).queryByRole('button', { name: /note/ })).not.toBeInTheDocument();
  });
});
