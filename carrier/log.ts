/** Structured log lines: one JSON object per line, so an operator's tools can read them. */
export interface Logger {
  info(event: string, fields?: Record<string, unknown>): void;
  warn(event: string, fields?: Record<string, unknown>): void;
  error(event: string, fields?: Record<string, unknown>): void;
}

const write =
  (level: string, stream: NodeJS.WriteStream) =>
  (event: string, fields: Record<string, unknown> = {}): void => {
    stream.write(`${JSON.stringify({ time: new Date().toISOString(), level, event, ...fields })}\n`);
  };

/** Logs to standard output, errors to standard error. */
export const consoleLogger: Logger = {
  info: write('info', process.stdout),
  warn: write('warn', process.stdout),
  error: write('error', process.stderr),
};

/** Logs nothing: for tests. */
export const silentLogger: Logger = { info: () => {}, warn: () => {}, error: () => {} };
