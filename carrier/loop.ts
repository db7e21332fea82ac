/**
 * A background loop that drains a queue: `drain` runs until the queue is empty, then the
 * loop sleeps `pollMs` before looking again. `kick` looks at once; a kick while draining
 * is not needed, since the running drain takes new work too.
 */
export function startLoop(drain: (stopped: () => boolean) => Promise<void>, pollMs: number) {
  let running: Promise<void> | undefined;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  function kick(): void {
    if (stopped || running) return;
    clearTimeout(timer);
    running = drain(() => stopped).finally(() => {
      running = undefined;
      if (stopped) return;
      timer = setTimeout(kick, pollMs);
      timer.unref();
    });
  }

  kick();
  return {
    kick,
    /** Resolves once the queue was drained and no drain is running. */
    async drained(): Promise<void> {
      while (running) await running;
    },
    async stop(): Promise<void> {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
