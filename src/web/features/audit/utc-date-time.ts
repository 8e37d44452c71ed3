/** How the explorer writes a moment everywhere: ISO 8601 in UTC, to the millisecond. */
export const isoUtc = (ms: number): string => new Date(ms).toISOString();

/** A moment as the range inputs show it: ISO 8601 in UTC, milliseconds only when there are any. */
export const toUtcText = (ms: number): string => isoUtc(ms).replace('.000Z', 'Z');

// A date, optionally a time (with or without seconds and milliseconds), optionally the Z of UTC:
// what people type ("2026-01-31 14:00") and what they paste from an event ("2026-01-31T14:00:00.250Z").
const UTC_TEXT = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2})(:\d{2}(?:\.\d{1,3})?)?)?Z?$/i;

/** Reads a moment typed in UTC; null when it is not one, including dates that do not exist. */
export function fromUtcText(text: string): number | null {
  const match = UTC_TEXT.exec(text.trim());
  if (!match) return null;
  const [, date, time = '00:00', seconds = ''] = match;
  const ms = Date.parse(`${date}T${time}${seconds}Z`);
  // Date.parse rolls 2026-02-30 over into March and 24:00 into the next day; refuse those instead.
  if (Number.isNaN(ms) || !isoUtc(ms).startsWith(`${date}T${time}`)) return null;
  return ms;
}
