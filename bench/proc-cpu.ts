// CPU time from Linux's /proc, for the benchmarks that report CPU beside wall time: the machine is
// shared, so wall times grow with its load while CPU times compare.
import { readFileSync } from 'node:fs';

/** A process's CPU seconds from /proc/<pid>/stat: its user and system time, and with `reaped` also that of the children it has waited for. */
export function procCpuSeconds(pid: number | 'self', { own = true, reaped = false } = {}): number {
  // Fields after the command name (which may hold spaces, and ends with ") "): utime is the 12th, then stime, cutime, cstime.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  const ticks = (from: number) => Number(fields[from]) + Number(fields[from + 1]);
  return ((own ? ticks(11) : 0) + (reaped ? ticks(13) : 0)) / CLOCK_TICKS;
}

/** Linux's clock ticks a second in /proc's times (USER_HZ, 100 on every common platform). */
const CLOCK_TICKS = 100;
