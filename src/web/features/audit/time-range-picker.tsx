import { Button, Group, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { RELATIVE_RANGE_IDS, RELATIVE_RANGES, type RelativeRange } from '../../../contract/audit-views';
import { type AuditRange, lastYear, relativeRange } from './audit-view';
import { fromUtcText, toUtcText } from './utc-date-time';

/** A range as the explorer keeps it: times, and the relative range they stand for, if any. */
type PickedRange = AuditRange & { range?: RelativeRange };

interface TimeRangePickerProps {
  range: PickedRange;
  onChange: (range: PickedRange) => void;
}

function AbsoluteRange({ range, onChange }: TimeRangePickerProps) {
  const [start, setStart] = useState(() => toUtcText(range.startTime));
  const [end, setEnd] = useState(() => toUtcText(range.endTime));
  const [errors, setErrors] = useState<{ start?: string; end?: string }>({});

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const startTime = fromUtcText(start);
    const endTime = fromUtcText(end);
    const missing = 'Enter a date and time in UTC, e.g. 2026-01-31 14:00';
    if (startTime === null || endTime === null) {
      setErrors({ start: startTime === null ? missing : undefined, end: endTime === null ? missing : undefined });
    } else if (endTime <= startTime) {
      setErrors({ end: 'The end must be after the start' });
    } else {
      setErrors({});
      onChange({ startTime, endTime });
    }
  };

  return (
    <form onSubmit={apply} noValidate aria-label="Time range in UTC">
      <Group align="flex-start" gap="sm">
        <TextInput
          label="Start (UTC)"
          placeholder="YYYY-MM-DD HH:mm:ss"
          value={start}
          onChange={(event) => setStart(event.currentTarget.value)}
          error={errors.start}
          autoComplete="off"
          spellCheck={false}
          w={250}
        />
        <TextInput
          label="End (UTC)"
          placeholder="YYYY-MM-DD HH:mm:ss"
          value={end}
          onChange={(event) => setEnd(event.currentTarget.value)}
          error={errors.end}
          autoComplete="off"
          spellCheck={false}
          w={250}
        />
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
