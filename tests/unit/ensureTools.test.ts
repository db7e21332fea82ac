import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const script = join(import.meta.dirname, '../../scripts/ensure-tools.sh');
let bin: string;

/** Runs the test command's tool check with only `bin` on the PATH. */
function ensureTools(...tools: string[]) {
  const run = spawnSync('/bin/bash', [script, ...tools], { env: { PATH: bin }, encoding: 'utf8' });
  return { status: run.status, stderr: run.stderr.trim() };
}

function executable(name: string, body: string) {
  writeFileSync(join(bin, name), `#!/bin/bash\n${body}\n`);
  chmodSync(join(bin, name), 0o755);
}

/** An apt-get that logs its calls and, if told to, "installs" a package as a command of the same name. */
function fakeAptGet(installs: boolean) {
  const install = installs
    ? `for p in "$@"; do [[ $p == -* || $p == install ]] || { echo '#!/bin/bash' > "${bin}/$p"; /bin/chmod +x "${bin}/$p"; }; done`
    : '';
  executable(
    'apt-get',
    `echo "$*" >> "${bin}/apt.log"\n[[ $1 == install ]] && { ${install || ':'}; }\nexit 0`,
  );
  // Without root the script asks sudo, so the same fake serves both.
  executable('sudo', 'shift; exec "$@"');
}

beforeEach(() => {
  bin = mkdtempSync(join(tmpdir(), 'ensure-tools-'));
});
afterEach(() => rmSync(bin, { recursive: true, force: true }));

describe('the test command’s tool check', () => {
  it('does nothing when every tool is there', () => {
    executable('some-tool', 'exit 0');
    expect(ensureTools('some-tool=some-package')).toEqual({ status: 0, stderr: '' });
  });

  it('stops with one line naming the packages when it cannot install them', () => {
    const { status, stderr } = ensureTools('made-up-tool=made-up-package', 'redis-server=redis-server');
    expect(status).toBe(1);
    expect(stderr.split('\n')).toEqual([
      'Missing made-up-package redis-server: install with `apt-get install made-up-package redis-server` (no apt-get on this machine).',
    ]);
  });

  it('checks Chromium’s headless shell and Redis by default, where a bare machine has neither', () => {
    const { status, stderr } = ensureTools();
    expect(status).toBe(1);
    expect(stderr).toMatch(
      /^Missing chromium-headless-shell redis-server\b.*apt-get install chromium-headless-shell redis-server/,
    );
  });

  it('installs what is missing with apt-get, once', () => {
    fakeAptGet(true);
    executable('nginx-like', 'exit 0');
    const { status } = ensureTools('nginx-like=nginx-like', 'made-up-tool=made-up-tool');
    expect(status).toBe(0);
    expect(readFileSync(join(bin, 'apt.log'), 'utf8')).toBe('update -qq\ninstall -y -qq made-up-tool\n');
  });

  it('fails clearly when apt-get leaves the tool missing', () => {
    fakeAptGet(false);
    const { status, stderr } = ensureTools('made-up-tool=made-up-package');
    expect(status).toBe(1);
    expect(stderr).toContain('Missing made-up-package: install with `apt-get install made-up-package`');
  });
});
