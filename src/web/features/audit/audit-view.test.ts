import { describe, expect, it } from 'vitest';
import { type AuditView, completeView, isCompleteView, lastYear, parseAuditSearch, relativeRange, toAuditAddress, toAuditSearch } from './audit-view';

const view: AuditView = {
  startTime: Date.UTC(2026, 0, 1),
  endTime: Date.UTC(2026, 0, 31, 12, 30, 15, 250),
  category: ['Security', 'Trading'],
  subject: [],
  event: ['Signed in'],
  user: ['Doe, Jane', 'Ann & Bo'],
  userId: ['u-1'],
  q: '50% off',
  order: 'ASC',
  pageSize: 50,
};

describe('the address of a view', () => {
  it('holds every part of the view and reads back to the same view', () => {
    const search = toAuditSearch(view).toString();
    expect(search).toBe(
      'startTime=1767225600000&endTime=1769862615250&category=Security&category=Trading&event=Signed+in' +
        '&user=Doe%2C+Jane&user=Ann+%26+Bo&userId=u-1&q=50%25+off&order=ASC&pageSize=50',
    );
    expect(parseAuditSearch(new URLSearchParams(search))).toEqual(view);
  });

  it('leaves defaults out, and reads their absence as the defaults', () => {
    const defaults: AuditView = { ...view, category: [], event: [], user: [], userId: [], q: '', order: 'DESC', pageSize: 200 };
    const search = toAuditSearch(defaults).toString();
    expect(search).toBe('startTime=1767225600000&endTime=1769862615250');
    expect(parseAuditSearch(new URLSearchParams(search))).toEqual(defaults);
  });

  it('drops what the service would refuse and repeated values, keeping the rest', () => {
    const draft = parseAuditSearch(
      new URLSearchParams('startTime=soon&endTime=1769862615250&order=up&pageSize=9999&category=Security&category=Security&user=&q='),
    );
    expect(draft).toEqual({
      startTime: undefined,
      endTime: 1769862615250,
      category: ['Security'],
      subject: [],
      event: [],
      user: [],
      userId: [],
      q: '',
      order: 'DESC',
      pageSize: 200,
    });
    expect(isCompleteView(draft)).toBe(false);
  });

  it('completes an address without a range to the last 24 hours, relative, and one with only an end to the day before it', () => {
    const now = Date.UTC(2026, 5, 1, 10, 0, 0, 700);
    const draft = parseAuditSearch(new URLSearchParams('category=Security'));
    const complete = completeView(draft, now);
    expect(complete).toMatchObject({
      range: '24h',
      startTime: Date.UTC(2026, 4, 31, 10, 0, 1),
      endTime: Date.UTC(2026, 5, 1, 10, 0, 1),
      category: ['Security'],
    });
    expect(toAuditAddress(complete).toString()).toBe('range=24h&category=Security');
    expect(completeView({ ...draft, endTime: Date.UTC(2026, 1, 2) }, now)).toMatchObject({
      startTime: Date.UTC(2026, 1, 1),
      endTime: Date.UTC(2026, 1, 2),
    });
  });
});

describe('range presets', () => {
  const now = Date.UTC(2026, 2, 1, 8, 15, 42, 1);

  it.each([
    ['15m', Date.UTC(2026, 2, 1, 8, 0, 43)],
    ['1h', Date.UTC(2026, 2, 1, 7, 15, 43)],
    ['24h', Date.UTC(2026, 1, 28, 8, 15, 43)],
    ['7d', Date.UTC(2026, 1, 22, 8, 15, 43)],
    ['30d', Date.UTC(2026, 0, 30, 8, 15, 43)],
  ] as const)('%s means the range ending at the end of the second it is resolved in, so that this second is included', (range, start) => {
    expect(relativeRange(range, now)).toEqual({ startTime: start, endTime: Date.UTC(2026, 2, 1, 8, 15, 43) });
  });

  it('stay relative in the address, and are resolved anew whenever the address is read', () => {
    const view = parseAuditSearch(new URLSearchParams('range=24h&category=Security&startTime=1&endTime=2'), now);
    expect(view).toMatchObject({ range: '24h', startTime: Date.UTC(2026, 1, 28, 8, 15, 43), endTime: Date.UTC(2026, 2, 1, 8, 15, 43) });
    expect(isCompleteView(view)).toBe(true);
    if (!isCompleteView(view)) return;
    expect(toAuditAddress(view).toString()).toBe('range=24h&category=Security');
    // The service is sent times, not the range.
    expect(toAuditSearch(view).toString()).toBe(`startTime=${view.startTime}&endTime=${view.endTime}&category=Security`);
    const later = parseAuditSearch(toAuditAddress(view), now + 60_000);
    expect(later).toMatchObject({ startTime: view.startTime + 60_000, endTime: view.endTime + 60_000 });
  });

  it('read an unknown relative range as none, keeping the absolute times', () => {
    expect(parseAuditSearch(new URLSearchParams('range=2h&startTime=1000&endTime=2000'), now)).toMatchObject({ startTime: 1000, endTime: 2000 });
  });

  it('keeps "last year" inside the calendar year the service allows, with a margin for the request to arrive', () => {
    const { startTime, endTime } = lastYear(now);
    const oneYearBack = Date.UTC(2025, 2, 1, 8, 15, 43);
    expect(startTime).toBeGreaterThan(oneYearBack);
    expect(startTime - oneYearBack).toBeLessThanOrEqual(60 * 60 * 1000);
    // Still allowed when the request reaches the service ten minutes later.
    expect(startTime).toBeGreaterThanOrEqual(oneYearBack + 10 * 60 * 1000);
    expect(endTime).toBe(Date.UTC(2026, 2, 1, 8, 15, 43));
  });
});
