import { utcText } from '../../lib/time-text';

// The range inputs' side of the one format (lib/time-text.ts): reading a moment back. Here, not
// beside utcText, because only these inputs read one, and every page that shows a time loads that file.

/** How the range inputs say what they take: the one format, written out. */
export const UTC_TEXT_EXAMPLE = utcText(Date.UTC(2026, 0, 31, 14));

// The one format as people type it: the seconds, the time or the "UTC" left out ("2026-01-31 14:00",
// "2026-01-31"), and as they paste it from an export or a raw event ("2026-01-31T14:00:00.250Z").
const UTC_TEXT = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2})(:\d{2}(?:\.\d{1,3})?)?)?(?:Z| ?UTC)?$/i;

/**
 * Reads a moment written in UTC, as utcText writes it or typed shorter; null when the text is not
 * one, including days and hours that do not exist (2026-02-30, 24:00), which Date.parse would roll
 * over into the next month or day.
 */
export function fromUtcText(text: string): number | null {
  const match = UTC_TEXT.exec(text.trim());
  if (!match) return null;
  const [, date, time = '00:00', seconds = ''] = match;
  const ms = Date.parse(`${date}T${time}${seconds}Z`);
  if (Number.isNaN(ms) || !new Date(ms).toISOString().startsWith(`${date}T${time}`)) return null;
  return ms;
}
