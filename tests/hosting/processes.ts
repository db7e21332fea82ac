import { readdirSync, readFileSync } from 'node:fs';

/**
 * What runs below a process, read from /proc: the launcher's tests count what `npm start` leaves
 * running and make sure that nothing stays behind.
 */

/** The processes below `root`: pid and parent of every process there is, followed down. */
export function descendants(root: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // pid (comm) state ppid …: comm may hold spaces and parentheses, so read after the last ')'.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(Number(entry), ppid);
    } catch {
      // Gone while listed.
    }
  }
  const found: number[] = [];
  for (let frontier = [root]; frontier.length > 0;) {
    frontier = [...parents].filter(([, ppid]) => frontier.includes(ppid)).map(([pid]) => pid);
    found.push(...frontier);
  }
  return found;
}

/** Whether a process runs still: a zombie, waiting for a parent to read its exit, does not. */
export function running(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

/** A process's command line, its arguments joined by spaces ('' once it has gone). */
export function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
  } catch {
    return '';
  }
}
