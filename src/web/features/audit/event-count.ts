// The console is in English; counts are grouped the English way whatever the browser's locale.
const FORMAT = new Intl.NumberFormat('en-US');

/** "1 event", "12,345 events". */
export const eventCount = (n: number): string => `${FORMAT.format(n)} ${n === 1 ? 'event' : 'events'}`;
