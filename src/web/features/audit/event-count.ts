// The console is in English; counts are grouped the English way whatever the browser's locale.
// Made on first use, not as the module loads (a page's first NumberFormat costs about 20 ms).
let format: Intl.NumberFormat | undefined;

/** "12,345". */
export function groupedCount(n: number): string {
  format ??= new Intl.NumberFormat('en-US');
  return format.format(n);
}

/** "1 event", "12,345 events". */
export function eventCount(n: number): string {
  return `${groupedCount(n)} ${n === 1 ? 'event' : 'events'}`;
}
