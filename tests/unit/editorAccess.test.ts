import type { APIContext } from 'astro';
import { describe, expect, it } from 'vitest';
import type { ConfigurationError } from '../../src/server/config.ts';
import { loadSiteConfig, loadSiteServerConfig } from '../../src/server/config.ts';
import { refusals } from '../../src/server/middleware/refusals.ts';

const credentials = 'editor:correct-horse-battery';
const basic = (pair: string) => ({ Authorization: `Basic ${Buffer.from(pair).toString('base64')}` });

/**
 * Asks the middleware's refusals for `path` on a server whose editor is closed (no credentials
 * configured) or open with `credentials`; what passes reaches the editor, which, as a lenient
 * router could, forgives capitals, escapes and doubled slashes.
 */
async function ask(editor: 'closed' | 'open', path: string, headers: Record<string, string> = {}) {
  const url = new URL(path, 'http://site.test');
  const context = {
    request: new Request(url, { headers }),
    url,
    rewrite: (to: string) => new Response(`rewritten to ${to}`, { status: 404 }),
  } as unknown as APIContext;
  const refuse = refusals(() => (editor === 'open' ? credentials : undefined));
  return (await refuse(context, async () => new Response('the editor'))) as Response;
}

describe('the content editor on the site server', () => {
  it('does not exist when the operator has not turned it on, even in a build that has it', async () => {
    for (const [path, page] of [
      ['/keystatic', '/404'],
      ['/keystatic/singleton/shellCs', '/404'],
    ]) {
      const response = await ask('closed', path!, basic(credentials));
      expect([response.status, await response.text()]).toEqual([404, `rewritten to ${page}`]);
    }
    // Under /api/ every answer is JSON, a missing route too.
    const api = await ask('closed', '/api/keystatic/tree', basic(credentials));
    expect(api.status).toBe(404);
    expect(await api.json()).toMatchObject({ code: 'notFound' });
  });

  it('asks for credentials when turned on and refuses wrong ones', async () => {
    for (const headers of [{}, basic('editor:wrong-password-123'), { Authorization: 'Bearer x' }]) {
      const response = await ask('open', '/api/keystatic/tree', headers);
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toMatch(/^Basic realm="Content editor"/);
      expect(await response.text()).not.toContain('the editor');
    }
  });

  it('lets the editor in with the configured credentials', async () => {
    const response = await ask('open', '/keystatic', basic(credentials));
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('the editor');
  });

  it('cannot be reached around the lock with escapes, capitals or doubled slashes', async () => {
    for (const path of ['/%6Beystatic', '/KeyStatic/', '/api//keystatic/tree', '/API/Keystatic']) {
      expect((await ask('closed', path)).status, path).toBe(404);
      expect((await ask('open', path)).status, path).toBe(401);
    }
  });
});

describe('the editor settings', () => {
  it('stop the site server when the editor is on without credentials or with a short password', () => {
    const fieldsOf = (env: Record<string, string>) => {
      try {
        loadSiteServerConfig({
          CARRIER_API_URL: 'http://carrier.test',
          CARRIER_API_KEY: 'k'.repeat(16),
          ...env,
        });
        return [];
      } catch (error) {
        return (error as ConfigurationError).fields;
      }
    };
    expect(fieldsOf({ CONTENT_EDITOR: 'on' })).toEqual(['CONTENT_EDITOR_CREDENTIALS']);
    expect(fieldsOf({ CONTENT_EDITOR: 'on', CONTENT_EDITOR_CREDENTIALS: 'editor:short' })).toEqual([
      'CONTENT_EDITOR_CREDENTIALS',
    ]);
    expect(fieldsOf({ CONTENT_EDITOR: 'on', CONTENT_EDITOR_CREDENTIALS: credentials })).toEqual([]);
    expect(loadSiteConfig({}).CONTENT_EDITOR).toBe('off');
    // The dev server of npm run edit runs on the editor's own machine: its endpoints need none.
    expect(loadSiteConfig({ CONTENT_EDITOR: 'on' }).CONTENT_EDITOR).toBe('on');
  });
});
