/** Small numeric helpers shared by the benchmark parts. */

/** The value at `share` (0 to 1) of the sorted values, nearest rank; NaN for none. */
export function percentile(values: readonly number[], share: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil(share * sorted.length) - 1;
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank))] ?? Number.NaN;
}

/** The median: the middle value, or the mean of the two middle ones. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** Bytes as kilobytes (1024) with one decimal. */
export const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;

/** Milliseconds with a sensible number of decimals. */
export const ms = (value: number): string =>
  Number.isNaN(value) ? '–' : `${value.toFixed(value < 10 ? 2 : value < 100 ? 1 : 0)} ms`;

/** A difference in milliseconds with its sign, such as +120 ms or −4.00 ms. */
export const signedMs = (value: number): string =>
  Number.isNaN(value) ? '–' : `${value < 0 ? '−' : '+'}${ms(Math.abs(value))}`;

/** A ratio such as 1.07×. */
export const ratio = (value: number): string => (Number.isFinite(value) ? `${value.toFixed(2)}×` : '–');

/** Runs `work` over `items` with at most `limit` in flight, keeping the order of the results. */
export async function mapPool<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < items.length; index = next++) {
      results[index] = await work(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
