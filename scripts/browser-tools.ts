// Checks what the cross-engine suite needs before it starts, and stops with one line naming
// the Debian package to install. The browsers come from Debian, never from a download.
import { accessSync, constants, existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';

const onPath = (command: string) =>
  (process.env['PATH'] ?? '').split(delimiter).some((dir) => {
    try {
      accessSync(join(dir, command), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });

/** Command → the Debian package that provides it. */
export const browserTools: Record<string, string> = {
  'firefox-esr': 'firefox-esr',
  WebKitWebDriver: 'webkit2gtk-driver',
  Xvfb: 'xvfb',
  java: 'default-jre-headless',
  chromium: 'chromium',
};

const missing = Object.entries(browserTools).filter(([command]) => !onPath(command));
if (missing.length > 0) {
  const packages = missing.map(([, pkg]) => pkg).join(' ');
  console.error(`The browser tests need Debian packages that are missing: apt-get install ${packages}`);
  process.exit(1);
}
if (!existsSync('dist/server/entry.mjs')) {
  console.error('The browser tests serve the built site: run npm run build first.');
  process.exit(1);
}
