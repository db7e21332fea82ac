import { accessSync, constants } from 'node:fs';
import { chromiumPath } from '../../chromium.config.ts';
import { fullExport } from './addresses.ts';

/** What a run needs on the machine: the parts it runs, and whether it builds first. */
export interface ToolNeeds {
  parts: ReadonlySet<string>;
  quick: boolean;
  skipBuild: boolean;
}

const usable = (path: string, mode: number) => {
  try {
    accessSync(path, mode);
    return true;
  } catch {
    return false;
  }
};

/**
 * Checks, before anything starts, that every tool and file the selected parts use is there,
 * as the test command does for its browser: one line per missing thing, naming the fix.
 */
export function missingTools({ parts, quick, skipBuild }: ToolNeeds): string[] {
  const missing: string[] = [];
  const needsBrowser = ['lighthouse', 'usable', 'typing'].some((part) => parts.has(part));
  if (needsBrowser && !usable(chromiumPath, constants.X_OK))
    missing.push(
      `Chromium is not at ${chromiumPath}: install it (apt-get install chromium) or set CHROMIUM_PATH; the lighthouse, usable and typing parts need it.`,
    );
  if (parts.has('addresses') && !quick && !usable(fullExport, constants.R_OK))
    missing.push(
      `The RÚIAN export is not at ${fullExport}: the addresses part needs it (--quick uses the Plzeň extract).`,
    );
  const needsServer = ['bytes', 'lighthouse', 'usable', 'typing', 'load', 'submit'].some((part) =>
    parts.has(part),
  );
  if (needsServer && skipBuild && !usable('dist/server/entry.mjs', constants.R_OK))
    missing.push('There is no build in dist/: run without --skip-build.');
  return missing;
}
