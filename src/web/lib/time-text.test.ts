import { describe, expect, it } from 'vitest';
import { relativeTime, utcText } from './time-text';

const NOW = Date.UTC(2026, 10, 24, 12, 0, 0);
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('utcText', () => {
  it('writes a moment in UTC, to the second, whatever the zone of the browser', () => {
    expect(utcText(Date.UTC(2026, 0, 31, 14, 5, 9, 999))).toBe('2026-01-31 14:05:09 UTC');
    expect(utcText(0)).toBe('1970-01-01 00:00:00 UTC');
  });
});

describe('relativeTime', () => {
  it('says "just now" within a minute either way', () => {
    expect(relativeTime(NOW, NOW)).toBe('just now');
    expect(relativeTime(NOW - 59 * SECOND, NOW)).toBe('just now');
    expect(relativeTime(NOW + 59 * SECOND, NOW)).toBe('just now');
  });

  it('counts whole minutes, hours and days down at each boundary', () => {
    expect(relativeTime(NOW - MINUTE, NOW)).toBe('1 min ago');
    expect(relativeTime(NOW - (HOUR - 1), NOW)).toBe('59 min ago');
    expect(relativeTime(NOW - HOUR, NOW)).toBe('1 h ago');
    expect(relativeTime(NOW - (DAY - 1), NOW)).toBe('23 h ago');
    expect(relativeTime(NOW - DAY, NOW)).toBe('1 d ago');
    expect(relativeTime(NOW - 29 * DAY, NOW)).toBe('29 d ago');
  });

  it('counts months of 30 days, then years of 365', () => {
    expect(relativeTime(NOW - 30 * DAY, NOW)).toBe('1 mo ago');
    expect(relativeTime(NOW - 364 * DAY, NOW)).toBe('12 mo ago');
    expect(relativeTime(NOW - 365 * DAY, NOW)).toBe('1 y ago');
    expect(relativeTime(NOW - 3 * 365 * DAY, NOW)).toBe('3 y ago');
  });

  it('says how long until a moment still to come', () => {
    expect(relativeTime(NOW + MINUTE, NOW)).toBe('in 1 min');
    expect(relativeTime(NOW + 90 * MINUTE, NOW)).toBe('in 1 h');
    expect(relativeTime(NOW + 2 * DAY, NOW)).toBe('in 2 d');
  });
});
