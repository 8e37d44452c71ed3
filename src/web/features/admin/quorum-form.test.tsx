import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AdminQuorumState } from '../../../contract/admin';
import { type FakeCall, fakeService, signedInForEachTest } from '../../test/fake-service';
import { renderAt } from '../../test/render';
import { jsonResponse } from '../../test/service';
import { QuorumForm } from './quorum-form';

const admins = ['Olivia', 'Adam', 'Ada', 'Nadia'].map((name, index) => ({
  id: `a${index}`,
  name,
  email: `${name.toLowerCase()}@demo.test`,
  role: 'ADMIN' as const,
}));

const quorum = (threshold: number): AdminQuorumState => ({ adminQuorumThreshold: threshold, admins, pendingRequestId: null });

function renderForm(state: AdminQuorumState) {
  const user = userEvent.setup();
  renderAt(<QuorumForm quorum={state} />);
  const input = screen.getByRole('textbox', { name: /New threshold/ });
  const submit = () => user.click(screen.getByRole('button', { name: 'Request change' }));
  const enter = async (value: string) => {
    await user.clear(input);
    if (value) await user.type(input, value);
  };
  return { input, submit, enter };
}

const quorumPuts = (calls: FakeCall[]) => calls.filter((call) => call.method === 'PUT' && call.path === '/v1/admin_quorum');

// The form is an admin's: its button is offered to a role that may change the quorum.
signedInForEachTest('ADMIN');

describe('QuorumForm', () => {
  it('says before sending how many approvals the request needs, counting the requester', () => {
    renderForm(quorum(3));
    expect(screen.getByText(/needs 3 approvals, the current threshold/)).toHaveTextContent(
      'Your own approval counts, so 2 more admins must approve it in Approvals.',
    );
  });

  it('says that with a threshold of 1 the change takes effect at once', () => {
    renderForm(quorum(1));
    expect(screen.getByText(/needs 1 approval, and your own counts/)).toHaveTextContent('the new threshold takes effect as soon as you send it');
  });

  it('keeps the threshold between 1 and the number of admins, and different from the current one', async () => {
    const calls = fakeService(() => jsonResponse(202, { message: 'sent' }));
    const { input, submit, enter } = renderForm(quorum(2));
    expect(input).toHaveValue('2');

    await enter('5');
    await submit();
    expect(await screen.findByText('adminQuorumThreshold must be between 1 and 4, the number of admins who can approve')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');

    await enter('0');
    await submit();
    expect(await screen.findByText('adminQuorumThreshold must be at least 1')).toBeInTheDocument();

    await enter('');
    await submit();
    expect(await screen.findByText('adminQuorumThreshold must be a number')).toBeInTheDocument();

    await enter('2');
    await submit();
    expect(await screen.findByText('The threshold is already 2')).toBeInTheDocument();

    expect(quorumPuts(calls)).toHaveLength(0);
  });

  it('sends a valid threshold with an Idempotency-Key, and reuses it only when the outcome is unknown', async () => {
    const answers = [
      () => {
        throw new TypeError('Failed to fetch');
      },
      () => jsonResponse(409, { message: 'A threshold change is already waiting for approval', code: 409 }),
      () => jsonResponse(202, { message: 'Admin quorum threshold request sent successfully; it needs 2 approvals' }),
    ];
    const calls = fakeService((call) => (call.method === 'PUT' ? answers.shift()!() : jsonResponse(200, {})));
    const { enter, submit } = renderForm(quorum(2));

    await enter('3');
    for (let attempt = 1; attempt <= 3; attempt++) {
      await submit();
      await waitFor(() => expect(quorumPuts(calls)).toHaveLength(attempt));
      await waitFor(() => expect(screen.getByRole('button', { name: 'Request change' })).toBeEnabled());
    }

    const [lost, refused, accepted] = quorumPuts(calls);
    expect(lost!.body).toEqual({ adminQuorumThreshold: 3 });
    const key = lost!.headers.get('Idempotency-Key');
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    // The service may have acted on the lost request: asking again must not act twice.
    expect(refused!.headers.get('Idempotency-Key')).toBe(key);
    // The 409 was an answer: the next attempt is a new intention with a new key.
    expect(accepted!.headers.get('Idempotency-Key')).not.toBe(key);
  });

  it('puts the service’s objection to the threshold on the field', async () => {
    fakeService(() => jsonResponse(400, { message: 'adminQuorumThreshold must be between 1 and 3, the number of enabled admins who can approve', code: 400 }));
    const { input, enter, submit } = renderForm(quorum(2));

    await enter('4');
    await submit();

    expect(await screen.findByText(/must be between 1 and 3, the number of enabled admins/)).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
  });
});
