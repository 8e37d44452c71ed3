import { Button, Group, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { RELATIVE_RANGE_IDS, RELATIVE_RANGES, type RelativeRange } from '../../../contract/audit-views';
import { utcText } from '../../lib/time-text';
import { type AuditRange, lastYear, relativeRange } from './audit-view';
import { fromUtcText, UTC_TEXT_EXAMPLE } from './utc-text-input';

/** A range as the explorer keeps it: times, and the relative range they stand for, if any. */
type PickedRange = AuditRange & { range?: RelativeRange };

interface TimeRangePickerProps {
  range: PickedRange;
  onChange: (range: PickedRange) => void;
}

/** What an input that cannot be read says: what it holds, and the format it takes. */
const unreadable = (text: string, bound: 'start' | 'end') =>
  text.trim() === ''
    ? `Enter the ${bound} as ${UTC_TEXT_EXAMPLE}`
    : `“${text.trim()}” is not a date and time: write it as ${UTC_TEXT_EXAMPLE} (the seconds and “UTC” may be left out)`;

/**
 * The range's two moments, written as the console writes every moment ("2026-01-31 14:05:09 UTC")
 * and read back in that format, or typed shorter ("2026-01-31 14:00"). A moment left as it was shown
 * keeps its milliseconds (a preset's "now"), which the text, to the second, does not show.
 */
function AbsoluteRange({ range, onChange }: TimeRangePickerProps) {
  const [start, setStart] = useState(() => utcText(range.startTime));
  const [end, setEnd] = useState(() => utcText(range.endTime));
  const [errors, setErrors] = useState<{ start?: string; end?: string }>({});

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const startTime = start === utcText(range.startTime) ? range.startTime : fromUtcText(start);
    const endTime = end === utcText(range.endTime) ? range.endTime : fromUtcText(end);
    if (startTime === null || endTime === null) {
      setErrors({ start: startTime === null ? unreadable(start, 'start') : undefined, end: endTime === null ? unreadable(end, 'end') : undefined });
    } else if (endTime <= startTime) {
      setErrors({ end: 'The end must be after the start' });
    } else {
      setErrors({});
      onChange({ startTime, endTime });
    }
  };

  const input = (label: string, value: string, set: (value: string) => void, error: string | undefined) => (
    <TextInput
      label={label}
      description={`e.g. ${UTC_TEXT_EXAMPLE}`}
      // The hint under the input, so that the inputs and the button line up whatever it says.
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      placeholder="YYYY-MM-DD HH:MM:SS UTC"
      value={value}
      onChange={(event) => set(event.currentTarget.value)}
      error={error}
      autoComplete="off"
      spellCheck={false}
      w={250}
    />
  );

  return (
    <form onSubmit={apply} noValidate aria-label="Time range in UTC">
      <Group align="flex-start" gap="sm">
        {input('Start (UTC)', start, setStart, errors.start)}
        {input('End (UTC)', end, setEnd, errors.end)}
        {/* Aligned with the inputs rather than their labels. */}
        <Button type="submit" variant="light" mt={25}>
          Apply range
        </Button>
      </Group>
    </form>
  );
}

/**
 * Relative presets, kept relative in the address (`range=24h`: a shared link shows the latest
 * events), beside "last year" and an absolute range, which are written as times (a link shows the
 * same events later on). Picking the current preset again brings it up to now.
 */
export function TimeRangePicker({ range, onChange }: TimeRangePickerProps) {
  const { range: relative } = range;
  return (
    <Stack gap="sm">
      <Group gap="xs" role="group" aria-label="Time range presets">
        {RELATIVE_RANGE_IDS.map((id) => (
          <Button
            key={id}
            size="xs"
            variant={relative === id ? 'filled' : 'default'}
            aria-pressed={relative === id}
            onClick={() => onChange({ range: id, ...relativeRange(id, Date.now()) })}
          >
            {RELATIVE_RANGES[id].label}
          </Button>
        ))}
        <Button size="xs" variant="default" onClick={() => onChange(lastYear(Date.now()))}>
          Last year
        </Button>
      </Group>
      {/* Remounted when the range changes from outside (a preset, back and forward), to show it. */}
      <AbsoluteRange key={`${range.startTime}-${range.endTime}`} range={range} onChange={onChange} />
    </Stack>
  );
}
