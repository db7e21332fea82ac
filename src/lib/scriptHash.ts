import { createHash } from 'node:crypto';

/** A Content-Security-Policy source for an inline script: its SHA-256, as `sha256-…`. */
export function scriptHash(source: string): string {
  return `sha256-${createHash('sha256').update(source).digest('base64')}`;
}
