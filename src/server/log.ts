/**
 * Structured server log lines (one JSON object per line). Codes follow spec §8:
 * apiException, networkException, unknownError, configurationParameterLoadFailed.
 * Never log personal data: no names, addresses, e-mails or tokens.
 */
export interface SiteLogger {
  error(code: string, fields?: Record<string, unknown>): void;
  warn(code: string, fields?: Record<string, unknown>): void;
}

/** Writes JSON lines to standard error. */
export const stderrLogger: SiteLogger = {
  error: (code, fields = {}) =>
    process.stderr.write(
      `${JSON.stringify({ time: new Date().toISOString(), level: 'error', code, ...fields })}\n`,
    ),
  warn: (code, fields = {}) =>
    process.stderr.write(
      `${JSON.stringify({ time: new Date().toISOString(), level: 'warn', code, ...fields })}\n`,
    ),
};
