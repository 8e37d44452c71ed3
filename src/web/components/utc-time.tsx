import { Text, Tooltip } from '@mantine/core';
import { relativeTime, utcText } from '../lib/time-text';
import { useMinuteClock } from '../lib/use-minute-clock';

// The viewer's own zone and language, for the one place the console shows local time. Made when a
// tooltip first shows it: building it took about 20 ms of the audit log's first render (the zone's
// name), for a tooltip nobody has opened yet.
let local: Intl.DateTimeFormat | undefined;
function LocalTime({ ms }: { ms: number }) {
  local ??= new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'long' });
  return <>Your local time: {local.format(ms)}</>;
}

function RelativeTime({ ms }: { ms: number }) {
  const now = useMinuteClock();
  return (
    <Text span inherit c="dimmed">
      ({relativeTime(ms, now)})
    </Text>
  );
}

/**
 * A moment, written the one way the console writes moments: "2026-01-31 14:05:09 UTC (3 min ago)",
 * with the viewer's local time in a tooltip on hover and on keyboard focus. `relative={false}` where
 * the text beside it already counts the time (a quote's seconds left). `focusable={false}` inside a
 * row that takes the focus itself (the audit log's grid): a tab stop per cell would break its arrow
 * keys, and the row's detail shows the moment again, focusable.
 */
export function UtcTime({ ms, relative = true, focusable = true }: { ms: number; relative?: boolean; focusable?: boolean }) {
  return (
    <Tooltip label={<LocalTime ms={ms} />} events={{ hover: true, focus: true, touch: true }} withArrow>
      {/* A tab stop only to show the tooltip (WCAG 1.4.13: what hover shows, focus shows too); the
          tooltip describes it (aria-describedby), and it does nothing else, so it is no button. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <span tabIndex={focusable ? 0 : undefined}>
        <time dateTime={new Date(ms).toISOString()}>{utcText(ms)}</time>
        {relative && (
          <>
            {' '}
            <RelativeTime ms={ms} />
          </>
        )}
      </span>
    </Tooltip>
  );
}
