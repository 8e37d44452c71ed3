// How the console writes a moment: one UTC format everywhere, and how long ago (or until) in words.

/** A moment as everybody in an operations team reads it alike: "2026-01-31 14:05:09 UTC". */
export function utcText(ms: number): string {
  const iso = new Date(ms).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The largest whole unit that fits, counted down (59 s is under a minute, 23 h 59 min under a day). */
function span(ms: number): string {
  if (ms < HOUR) return `${Math.floor(ms / MINUTE)} min`;
  if (ms < DAY) return `${Math.floor(ms / HOUR)} h`;
  const days = Math.floor(ms / DAY);
  if (days < 30) return `${days} d`;
  if (days < 365) return `${Math.floor(days / 30)} mo`;
  return `${Math.floor(days / 365)} y`;
}

/**
 * How far `ms` is from `now`, in words: "just now" within a minute either way (the console's clock
 * ticks once a minute, and a moment the service wrote a second ahead of this browser's clock is not
 * "in the future" to anyone), else "3 min ago", "2 h ago", "5 d ago", "4 mo ago", "1 y ago", or
 * "in 3 min" for a moment still to come.
 */
export function relativeTime(ms: number, now: number): string {
  const distance = now - ms;
  if (Math.abs(distance) < MINUTE) return 'just now';
  return distance > 0 ? `${span(distance)} ago` : `in ${span(-distance)}`;
}
