/**
 * Every process the bench starts (the site server, Chromium, the address benchmark) is
 * registered here and stopped when the bench ends, however it ends: a normal exit, an error
 * nobody caught (a launcher that throws from an event, say), or Ctrl-C. Without this, a
 * crash left the site server running on its free ports.
 */
const stops = new Set<() => void>();

/** Registers a synchronous stop (a signal to a child); returns the function that unregisters it. */
export function stopOnExit(stop: () => void): () => void {
  stops.add(stop);
  return () => stops.delete(stop);
}

function stopAll(): void {
  for (const stop of stops) {
    try {
      stop();
    } catch {
      // Already gone.
    }
  }
  stops.clear();
}

/** Installs the handlers once, at the start of a bench run. */
export function stopEverythingOnExit(): void {
  process.once('exit', stopAll);
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const)
    process.once(signal, () => process.exit(code));
  const crash = (error: unknown) => {
    console.error(`✗ bench stopped: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  };
  process.on('uncaughtException', crash);
  process.on('unhandledRejection', crash);
}
