import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * How busy the machine is with work that is not this bench's: the cores in use over one
 * second, sampled from /proc/stat while the bench itself is idle (before it starts and
 * between parts; its server then only waits). The one-minute load average cannot tell this,
 * as it still carries the bench's own previous part.
 */
function cpuTimes(): { busy: number; total: number } | undefined {
  try {
    const fields = /^cpu\s+(.+)$/m
      .exec(readFileSync('/proc/stat', 'utf8'))?.[1]
      ?.trim()
      .split(/\s+/)
      .map(Number);
    if (!fields || fields.length < 5) return undefined;
    const total = fields.slice(0, 8).reduce((sum, value) => sum + value, 0);
    const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
    return { busy: total - idle, total };
  } catch {
    return undefined;
  }
}

/** Cores busy over the next second (0 to the core count); NaN where /proc/stat is missing. */
export async function busyCores(): Promise<number> {
  const before = cpuTimes();
  await sleep(1000);
  const after = cpuTimes();
  if (!before || !after || after.total === before.total) return Number.NaN;
  return ((after.busy - before.busy) / (after.total - before.total)) * cpus().length;
}

/** Above this many busy cores while the bench is idle, its figures are not to be trusted. */
export const busyThreshold = 0.5;
