import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type AuditLogData, AuditLogsResponse } from '../../../contract/audit';
import { AuditInclusionProof, AuditTreeHeadList } from '../../../contract/audit-tree';
import { accessTokenOf, callServiceFor, PEOPLE, realServiceForFile, signInTo } from '../../test/real-service';
import { renderAt } from '../../test/render';
import { AuditEventDrawer } from './audit-event-drawer';
import TreeHeadsDrawer from './tree-heads-drawer';

// The real service: its tree worker signs heads of the workspace's log (every 2 s while it grows),
// its proofs are fetched by the console and checked in jsdom with Node's WebCrypto, as a browser would.
const service = realServiceForFile();

/** The workspace's newest event, as the audit log lists it. */
async function newestEvent(): Promise<AuditLogData> {
  const page = await callServiceFor(service, `/v1/management/audit_logs?startTime=${Date.now() - 3_600_000}&endTime=${Date.now() + 60_000}`, AuditLogsResponse);
  return page.data[0]!;
}

const proofSection = () => screen.getByRole('region', { name: 'In the signed log' });

describe('the verifiable log in the console, against the real service', () => {
  it('says which signed tree head includes the event in its drawer, verified in the browser', async () => {
    await signInTo(service, PEOPLE.auditor);
    const event = await newestEvent();
    renderAt(<AuditEventDrawer event={event} opened onClose={() => undefined} />);

    // The auditor's own sign-in may not be in a head yet: the drawer asks again until one includes it.
    const verdict = await screen.findByRole('status', { name: 'Verified' });
    expect(within(proofSection()).queryByRole('alert')).toBeNull();
    const head = /In tree head #([\d,]+) signed (\S+ \S+ UTC)/.exec(verdict.textContent ?? '');
    expect(head, verdict.textContent ?? '').not.toBeNull();
    expect(verdict).toHaveTextContent('signature valid, proof valid.');
    expect(verdict).toHaveTextContent(/Checked in your browser in (under 1|\d+) ms\./);
    // The head named is one the service signed, and holds the event.
    const proof = await callServiceFor(
      service,
      `/v1/management/audit_logs/${event.id}/inclusion_proof?treeSize=${head![1]!.replace(/,/g, '')}`,
      AuditInclusionProof,
    );
    expect(proof.treeHead.treeSize).toBeGreaterThan(proof.leafIndex);
  });

  it('reports an event shown otherwise than the log holds it as not verified, naming what differs', async () => {
    await signInTo(service, PEOPLE.auditor);
    const event = await newestEvent();
    // The service's real proof, checked against an event that is not the one it holds.
    renderAt(<AuditEventDrawer event={{ ...event, user: 'Somebody else', detail: { ...event.detail, amount: '1000000' } }} opened onClose={() => undefined} />);

    const verdict = await screen.findByRole('alert', { name: 'Not verified' });
    expect(verdict).toHaveTextContent(/Against tree head #[\d,]+ signed/);
    expect(
      within(verdict)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['The leaf differs from the event shown in userName, detail.']);
  });

  it('lists the signed tree heads newest first and checks two of them for consistency in the browser', async () => {
    await signInTo(service, PEOPLE.auditor);
    // Another event, so the log has grown since its first head: a second head follows within seconds.
    await accessTokenOf(service, PEOPLE.editor);
    await waitFor(async () =>
      expect((await callServiceFor(service, '/v1/management/audit_logs/tree_heads', AuditTreeHeadList)).data.length).toBeGreaterThan(1),
    );
    const user = userEvent.setup();
    renderAt(<TreeHeadsDrawer opened onClose={() => undefined} />);

    const table = await screen.findByRole('table', { name: 'Signed tree heads' });
    const rows = within(table).getAllByRole('row').slice(1);
    const sizes = rows.map((row) => Number(within(row).getByRole('rowheader').textContent!.replace(/[#,]/g, '')));
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
    const check = screen.getByRole('button', { name: 'Check consistency' });
    expect(check).toBeDisabled();

    // The oldest and the newest, picked in either order: the earlier is checked against the later.
    const [newest, oldest] = [sizes[0]!, sizes.at(-1)!];
    await user.click(within(rows.at(-1)!).getByRole('checkbox'));
    await user.click(within(rows[0]!).getByRole('checkbox'));
    // Two picked: the others wait until one is unpicked.
    if (rows.length > 2) expect(within(rows[1]!).getByRole('checkbox')).toBeDisabled();
    await user.click(check);

    const verdict = await screen.findByRole('status', { name: 'Consistent' });
    expect(verdict).toHaveTextContent(
      new RegExp(
        `The log of tree head #${oldest.toLocaleString('en-US')} signed .* is a prefix of the log of tree head #${newest.toLocaleString('en-US')} signed .*: both signatures valid, proof valid\\.`,
      ),
    );
  });
});
