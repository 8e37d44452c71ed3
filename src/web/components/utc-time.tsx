/** A moment as everybody in an operations team reads it alike: "2026-01-31 14:05:09 UTC". */
export function UtcTime({ ms }: { ms: number }) {
  const iso = new Date(ms).toISOString();
  return <time dateTime={iso}>{`${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`}</time>;
}
