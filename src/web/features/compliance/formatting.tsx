const DATE_TIME = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A moment from the service (epoch milliseconds), in the reader's locale and time zone. */
export function DateTime({ ms }: { ms: number }) {
  return <time dateTime={new Date(ms).toISOString()}>{DATE_TIME.format(ms)}</time>;
}

