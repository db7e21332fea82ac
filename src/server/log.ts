/**
 * Structured server log lines (one JSON object per line). Codes follow spec §8:
 * apiException, networkException, unknownError, configurationParameterLoadFailed.
 * Never log personal data: no names, addresses, e-mails or tokens. `error` is for what an
 * operator must look at; what a client caused (a guessed link, an unknown batch) is `info`.
 */
export interface SiteLogger {
  error(code: string, fields?: Record<string, unknown>): void;
  warn(code: string, fields?: Record<string, unknown>): void;
  info(code: string, fields?: Record<string, unknown>): void;
}

const line =
  (level: 'error' | 'warn' | 'info') =>
  (code: string, fields: Record<string, unknown> = {}) =>
    void process.stderr.write(
      `${JSON.stringify({ time: new Date().toISOString(), level, code, ...fields })}\n`,
    );

/** Writes JSON lines to standard error. */
export const stderrLogger: SiteLogger = { error: line('error'), warn: line('warn'), info: line('info') };
