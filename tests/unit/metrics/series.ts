import { metricsText } from '../../../src/server/metrics.ts';

/**
 * The sum of the series of `name` (in the Prometheus text the metrics port serves) whose labels
 * include `labels`; 0 when there is none. Metrics live as long as the process, so a test
 * compares a value before and after what it does.
 */
export async function seriesSum(name: string, labels: Record<string, string> = {}): Promise<number> {
  let sum = 0;
  for (const line of (await metricsText()).split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map(
        ([, key, value]): [string, string | undefined] => [String(key), value],
      ),
    );
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) sum += Number(match[3]);
  }
  return sum;
}

/** Runs `act` and tells how much each named series grew meanwhile. */
export async function growth(
  series: Record<string, [name: string, labels?: Record<string, string>]>,
  act: () => Promise<unknown>,
): Promise<Record<string, number>> {
  const before = Object.fromEntries(
    await Promise.all(
      Object.entries(series).map(async ([key, [name, labels]]): Promise<[string, number]> => [
        key,
        await seriesSum(name, labels),
      ]),
    ),
  );
  await act();
  const after = await Promise.all(
    Object.entries(series).map(async ([key, [name, labels]]): Promise<[string, number]> => [
      key,
      (await seriesSum(name, labels)) - (before[key] ?? 0),
    ]),
  );
  return Object.fromEntries(after);
}
