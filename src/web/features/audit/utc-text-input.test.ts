import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { utcText } from '../../lib/time-text';
import { fromUtcText, UTC_TEXT_EXAMPLE } from './utc-text-input';

describe('fromUtcText', () => {
  // A browser far from UTC, where reading the text as local time would be hours off.
  const zone = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = 'America/New_York';
  });
  afterAll(() => {
    process.env.TZ = zone;
  });

  it('reads back what utcText writes, the example the inputs give included', () => {
    const ms = Date.UTC(2026, 6, 4, 23, 5, 9);
    expect(fromUtcText(utcText(ms))).toBe(ms);
    expect(UTC_TEXT_EXAMPLE).toBe('2026-01-31 14:00:00 UTC');
    expect(fromUtcText(UTC_TEXT_EXAMPLE)).toBe(Date.UTC(2026, 0, 31, 14));
  });

  it.each([
    ['2026-07-04 23:05:09 UTC', Date.UTC(2026, 6, 4, 23, 5, 9)],
    ['2026-07-04 23:05 UTC', Date.UTC(2026, 6, 4, 23, 5)],
    ['2026-07-04 23:05:09utc', Date.UTC(2026, 6, 4, 23, 5, 9)],
    ['2026-07-04T23:05:09Z', Date.UTC(2026, 6, 4, 23, 5, 9)],
    ['2026-07-04T23:05:09.250Z', Date.UTC(2026, 6, 4, 23, 5, 9, 250)],
    ['2026-07-04 23:05', Date.UTC(2026, 6, 4, 23, 5)],
    ['  2026-07-04t23:05:09z ', Date.UTC(2026, 6, 4, 23, 5, 9)],
    ['2026-07-04', Date.UTC(2026, 6, 4)],
  ])('read %j as UTC', (text, ms) => {
    expect(fromUtcText(text)).toBe(ms);
  });

  it.each([
    '',
    'yesterday',
    '07/04/2026 23:05',
    '2026-07-04 23:05 CET',
    '2026-07-04 23:05 UTC UTC',
    '2026-07-04T23',
    '2026-13-01 00:00',
    '2026-02-30 00:00',
    '2026-01-01 24:00',
    '2026-07-04T23:05:09+02:00',
  ])('refuse %j', (text) => {
    expect(fromUtcText(text)).toBeNull();
  });
});
