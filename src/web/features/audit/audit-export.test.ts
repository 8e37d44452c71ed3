import { describe, expect, it, vi } from 'vitest';
import type { AuditLogData, AuditLogsResponse } from '../../../contract/audit';
import type { AuditTreeHead } from '../../../contract/audit-tree';
import {
  auditCsv,
  auditJson,
  auditJsonWithProofs,
  collectAuditEvents,
  csvField,
  exportFileName,
  type FetchAuditPage,
  treeHeadKey,
  withProofs,
} from './audit-export';

const event = (id: string, timestamp: number, extra: Partial<AuditLogData> = {}): AuditLogData => ({
  id,
  timestamp,
  createdAt: timestamp,
  user: 'Ada Admin',
  userId: 'u-1',
  category: 'Security',
  subject: 'Sign-in',
  event: 'Signed in',
  tenantId: 'w-1',
  requestId: null,
  sourceAddress: null,
  detail: {},
  hash: 'h',
  ...extra,
});

const page = (data: AuditLogData[], next: string | null): AuditLogsResponse => ({ data, next, cursor: next, total: data.length });

describe('csvField', () => {
  it.each([
    ['plain', 'plain'],
    ['', ''],
    [null, ''],
    ['Doe, Jane', '"Doe, Jane"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['carriage\rreturn', '"carriage\rreturn"'],
    ['"', '""""'],
  ])('writes %j as %j', (value, expected) => {
    expect(csvField(value)).toBe(expected);
  });
});

describe('auditCsv', () => {
  it('writes the header and one line per event, escaping what needs it', () => {
    const csv = auditCsv([
      event('e1', Date.UTC(2026, 0, 2, 3, 4, 5, 6), {
        user: 'Doe, "JJ" Jane',
        requestId: 'r-1',
        sourceAddress: '203.0.113.10',
        detail: { before: { note: 'a,b' }, after: { note: 'line\nbreak' } },
      }),
      event('e2', Date.UTC(2026, 0, 2)),
    ]).join('');

    expect(csv.split('\r\n')).toEqual([
      'id,timestamp,user,userId,category,subject,event,requestId,sourceAddress,detail',
      'e1,2026-01-02T03:04:05.006Z,"Doe, ""JJ"" Jane",u-1,Security,Sign-in,Signed in,r-1,203.0.113.10,' +
        '"{""before"":{""note"":""a,b""},""after"":{""note"":""line\\nbreak""}}"',
      'e2,2026-01-02T00:00:00.000Z,Ada Admin,u-1,Security,Sign-in,Signed in,,,{}',
      '',
    ]);
  });

  it('keeps a value a spreadsheet would run as a formula as plain text', () => {
    const lines = auditCsv([
      event('e1', Date.UTC(2026, 0, 2), { user: '=HYPERLINK("http://evil.test","x")', userId: '+1', sourceAddress: '@SUM(A1)', requestId: '-2+3' }),
    ])
      .join('')
      .split('\r\n');
    expect(lines[1]).toBe(`e1,2026-01-02T00:00:00.000Z,"'=HYPERLINK(""http://evil.test"",""x"")",'+1,Security,Sign-in,Signed in,'-2+3,'@SUM(A1),{}`);
  });

  it('sees a formula behind leading spaces, line breaks or control characters, and in full-width forms', () => {
    for (const value of [
      ' =1+1',
      '\n=1+1',
      '\r\n@SUM(A1)',
      '\u0000=1',
      '\u200b+1',
      '\u3000-1',
      '\uff1dHYPERLINK("x")',
      '\uff0b1',
      '\uff0d1',
      '\uff20SUM(A1)',
      '\t',
    ]) {
      expect(csvField(value).replace(/^"/, '')).toMatch(/^'/);
    }
    for (const value of ['Ada Admin', ' Ada', '1-2', 'a=b', '\uff21da']) expect(csvField(value)).toBe(value.includes(',') ? `"${value}"` : value);
  });
});

describe('auditJson', () => {
  it('is a JSON array of the events exactly as the service sent them', () => {
    const events = [event('e1', 1, { detail: { after: { x: 1 } } }), event('e2', 2)];
    expect(JSON.parse(auditJson(events).join(''))).toEqual(events);
    expect(JSON.parse(auditJson([]).join(''))).toEqual([]);
  });
});

describe('collectAuditEvents', () => {
  const range = { startTime: 0, endTime: 1000 };

  it('follows next page after page until there is none, and reports its progress', async () => {
    const pages: Record<string, AuditLogsResponse> = {
      first: page([event('e1', 900), event('e2', 800)], 'c1'),
      c1: page([event('e3', 500)], 'c2'),
      c2: page([event('e4', 100)], null),
    };
    const fetchPage = vi.fn<FetchAuditPage>(async (cursor) => pages[cursor ?? 'first']!);
    const onProgress = vi.fn();

    const events = await collectAuditEvents(fetchPage, { range, order: 'DESC', signal: new AbortController().signal, onProgress });

    expect(events.map((e) => e.id)).toEqual(['e1', 'e2', 'e3', 'e4']);
    expect(fetchPage.mock.calls.map(([cursor]) => cursor)).toEqual([null, 'c1', 'c2']);
    expect(onProgress.mock.calls.map(([progress]) => progress)).toEqual([
      { fetched: 2, covered: 0.2 },
      { fetched: 3, covered: 0.5 },
      { fetched: 4, covered: 1 },
    ]);
  });

  it('measures progress from the start of the range when reading oldest first', async () => {
    const fetchPage = vi
      .fn<FetchAuditPage>()
      .mockResolvedValueOnce(page([event('e1', 250)], 'c1'))
      .mockResolvedValueOnce(page([], null));
    const onProgress = vi.fn();

    await collectAuditEvents(fetchPage, { range, order: 'ASC', signal: new AbortController().signal, onProgress });

    expect(onProgress.mock.calls.map(([progress]) => progress)).toEqual([
      { fetched: 1, covered: 0.25 },
      { fetched: 1, covered: 1 },
    ]);
  });

  it('stops asking for pages once cancelled, and passes the signal on to each call', async () => {
    const controller = new AbortController();
    const fetchPage = vi.fn<FetchAuditPage>(async () => {
      controller.abort();
      return page([event('e1', 900)], 'c1');
    });

    await expect(collectAuditEvents(fetchPage, { range, order: 'DESC', signal: controller.signal, onProgress: () => {} })).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(fetchPage).toHaveBeenCalledTimes(1);
    expect(fetchPage.mock.calls[0]?.[1]).toBe(controller.signal);
  });

  it('gives up with the error of a page that fails', async () => {
    const failure = new Error('Rate limit exceeded');
    const fetchPage = vi
      .fn<FetchAuditPage>()
      .mockResolvedValueOnce(page([event('e1', 900)], 'c1'))
      .mockRejectedValueOnce(failure);

    await expect(collectAuditEvents(fetchPage, { range, order: 'DESC', signal: new AbortController().signal, onProgress: () => {} })).rejects.toBe(failure);
  });
});

describe('exportFileName', () => {
  it('names the range in UTC without characters some file systems refuse', () => {
    expect(exportFileName({ startTime: Date.UTC(2026, 0, 1), endTime: Date.UTC(2026, 0, 31, 12, 30, 15, 250) }, 'csv')).toBe(
      'audit-log_20260101T000000Z_20260131T123015Z.csv',
    );
    expect(exportFileName({ startTime: Date.UTC(2026, 0, 1), endTime: Date.UTC(2026, 0, 2) }, 'proofs')).toBe(
      'audit-log_20260101T000000Z_20260102T000000Z_with-proofs.json',
    );
  });
});

describe('an export with proofs', () => {
  const head: AuditTreeHead = { workspaceId: 'w-1', treeSize: 2, rootHash: 'ab'.repeat(32), timestamp: 1, signature: 's', keyId: 'k-1' };

  it('gives each event the proof the service answered for it, and refuses a page whose proofs do not match its events', () => {
    const events = [event('e1', 2), event('e2', 1)];
    const proofs = [
      { id: 'e1', leafIndex: 1, auditPath: ['cd'.repeat(32)] },
      { id: 'e2', leafIndex: 2, auditPath: null },
    ];
    expect(withProofs(events, proofs).map((e) => [e.id, e.proof])).toEqual([
      ['e1', { leafIndex: 1, auditPath: ['cd'.repeat(32)] }],
      ['e2', { leafIndex: 2, auditPath: null }],
    ]);
    expect(() => withProofs(events, proofs.slice(0, 1))).toThrow('The service sent no proof for event e2');
    expect(() => withProofs(events, [...proofs].reverse())).toThrow('The service sent no proof for event e1');
  });

  it('writes an event waiting to be sequenced with a null hash, leaf and path, never leaving it out', () => {
    const events = [event('e1', 3, { hash: null }), event('e2', 2, { hash: null }), event('e3', 1)];
    const exported = withProofs(events, [
      { id: 'e1', leafIndex: null, auditPath: null },
      // Listed while it waited, sequenced by the time of its proof: its leaf is after the head, read before.
      { id: 'e2', leafIndex: 2, auditPath: null },
      { id: 'e3', leafIndex: 1, auditPath: ['cd'.repeat(32)] },
    ]);
    expect(exported.map((e) => [e.id, e.hash, e.proof])).toEqual([
      ['e1', null, { leafIndex: null, auditPath: null }],
      ['e2', null, { leafIndex: 2, auditPath: null }],
      ['e3', 'h', { leafIndex: 1, auditPath: ['cd'.repeat(32)] }],
    ]);
    const text = auditJsonWithProofs({ search: '', order: 'DESC', treeHead: head, publicKey: {} }, exported).join('');
    expect(JSON.parse(text).events[0]).toEqual({ ...events[0], proof: { leafIndex: null, auditPath: null } });
    // A sequenced event (it has its hash) always has its leaf: a file without it would fail every verifier.
    expect(() => withProofs([event('e3', 1)], [{ id: 'e3', leafIndex: null, auditPath: null }])).toThrow(
      'The service sent no place in the log for sequenced event e3',
    );
  });

  it('finds the head’s key among the published ones by its id, Ed25519 only', () => {
    const keys = [
      { kid: 'k-1', alg: 'RS512' },
      { kid: 'k-1', alg: 'EdDSA', x: 'x' },
    ];
    expect(treeHeadKey({ keys }, 'k-1')).toEqual(keys[1]);
    expect(() => treeHeadKey({ keys }, 'k-2')).toThrow("The service does not publish the tree head's key k-2");
  });

  it('writes one JSON object: the head, its key and the search, then the events one per line', () => {
    const events = withProofs(
      [event('e1', 2), event('e2', 1)],
      [
        { id: 'e1', leafIndex: 1, auditPath: [] },
        { id: 'e2', leafIndex: 0, auditPath: ['cd'.repeat(32)] },
      ],
    );
    const text = auditJsonWithProofs({ search: 'startTime=0&endTime=9&order=DESC', order: 'DESC', treeHead: head, publicKey: { kid: 'k-1' } }, events).join('');
    expect(JSON.parse(text)).toEqual({
      format: 'asset-ops audit export with proofs v1',
      search: 'startTime=0&endTime=9&order=DESC',
      order: 'DESC',
      treeHead: head,
      publicKey: { kid: 'k-1' },
      events,
    });
    expect(text.split('\n').filter((line) => line.startsWith('{"id":'))).toHaveLength(2);
    expect(JSON.parse(auditJsonWithProofs({ search: '', order: 'ASC', treeHead: head, publicKey: {} }, []).join('')).events).toEqual([]);
  });
});
