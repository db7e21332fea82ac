import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scriptHash } from '../../src/lib/scriptHash.ts';
import { nginxHeaderFiles } from '../../deploy/nginxHeaders.ts';
import { fallbackCsp } from '../../host/securityHeaders.ts';

const hashOf = (script: string) => `'${scriptHash(script)}'`;
const pages: Record<string, string> = {
  'returns/index.html': '<!doctype html><script>form()</script>',
  'en/404/index.html': '<!doctype html><script>notFound()</script>',
  '404.html': '<!doctype html>',
};

let client: string;
beforeEach(() => {
  client = mkdtempSync(join(tmpdir(), 'nginx-headers-'));
  for (const [file, html] of Object.entries(pages)) {
    mkdirSync(join(client, file, '..'), { recursive: true });
    writeFileSync(join(client, file), html);
  }
});
afterEach(() => rmSync(client, { recursive: true, force: true }));

describe('the nginx headers written at build', () => {
  it('gives each served page file its own policy, framing forbidden, and the rest the fallback', () => {
    const csp = new Map([
      ['/returns', `default-src 'self'; script-src 'self' ${hashOf('form()')} ${hashOf('other()')};`],
      ['/en/404', `default-src 'self'; script-src ${hashOf('notFound()')}`],
      ['/404', "default-src 'self'"],
      ['/returns/gone', "default-src 'self'"],
    ]);
    const map = nginxHeaderFiles(client, csp)['returns-csp.conf'];
    expect(map).toContain(`default "${fallbackCsp}";`);
    expect(map).toContain(
      `"/returns/index.html" "default-src 'self'; script-src 'self' ${hashOf('form()')}; frame-ancestors 'none'";`,
    );
    expect(map).toContain(
      `"/en/404/index.html" "default-src 'self'; script-src ${hashOf('notFound()')}; frame-ancestors 'none'";`,
    );
    expect(map).toContain(`"/404.html" "default-src 'self'; frame-ancestors 'none'";`);
    expect(map).not.toContain('gone');
    // A hash of a script the page does not hold is not allowed there.
    expect(map).not.toContain(hashOf('other()'));
  });

  it('sends every common header always and hides the Node server’s copies', () => {
    const conf = nginxHeaderFiles(client, new Map())['returns-headers.conf'];
    expect(conf).toContain('add_header X-Content-Type-Options "nosniff" always;');
    expect(conf).toContain('add_header Content-Security-Policy $returns_csp always;');
    expect(conf).toContain('proxy_hide_header Content-Security-Policy;');
    expect(conf.match(/^add_header /gm)).toHaveLength(conf.match(/^proxy_hide_header /gm)?.length ?? -1);
  });

  it('refuses a policy that would break out of the nginx string', () => {
    for (const bad of ['script-src "x"', 'script-src $host', 'a\nadd_header X 1'])
      expect(() => nginxHeaderFiles(client, new Map([['/returns', bad]]))).toThrow(/nginx/);
  });
});
