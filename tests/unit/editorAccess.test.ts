import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiteListener } from '../../host/site.ts';
import { loadStaticFiles } from '../../host/staticFiles.ts';
import type { ConfigurationError } from '../../src/server/config.ts';
import { loadSiteConfig, loadSiteServerConfig } from '../../src/server/config.ts';

const credentials = 'editor:correct-horse-battery';
const basic = (pair: string) => ({ Authorization: `Basic ${Buffer.from(pair).toString('base64')}` });

// Stands in for Astro's handler in a build with the editor in it.
// It forgives capitals, escapes and doubled slashes, as a lenient router could.
const astro = (req: IncomingMessage, res: ServerResponse, next: () => void) => {
  if (/^\/+(api\/+)?keystatic/i.test(decodeURIComponent(req.url ?? '')))
    return void res.writeHead(200, { 'Content-Type': 'text/html' }).end('the editor');
  next();
};

let dir: string;
const servers: Server[] = [];
const bases: Record<'closed' | 'open', string> = { closed: '', open: '' };

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'site-editor-'));
  writeFileSync(join(dir, '404.html'), '<!doctype html><title>Stránka nenalezena</title>');
  const files = await loadStaticFiles(dir, new Map());
  for (const [name, editorCredentials] of [
    ['closed', undefined],
    ['open', credentials],
  ] as const) {
    const server = createServer(createSiteListener(files, astro, { editorCredentials }));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    servers.push(server);
    bases[name] = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }
});

afterAll(() => {
  for (const server of servers) server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the content editor on the site server', () => {
  it('does not exist when the operator has not turned it on, even in a build that has it', async () => {
    for (const path of ['/keystatic', '/keystatic/singleton/shellCs']) {
      const response = await fetch(bases.closed + path, { headers: basic(credentials) });
      expect(response.status).toBe(404);
      expect(await response.text()).toContain('Stránka nenalezena');
    }
    // Under /api/ every answer is JSON, a missing route too.
    const api = await fetch(`${bases.closed}/api/keystatic/tree`, { headers: basic(credentials) });
    expect(api.status).toBe(404);
    expect(await api.json()).toMatchObject({ code: 'notFound' });
  });

  it('asks for credentials when turned on and refuses wrong ones', async () => {
    for (const headers of [{}, basic('editor:wrong-password-123'), { Authorization: 'Bearer x' }]) {
      const response = await fetch(`${bases.open}/api/keystatic/tree`, { headers });
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toMatch(/^Basic realm="Content editor"/);
      expect(await response.text()).not.toContain('the editor');
    }
  });

  it('lets the editor in with the configured credentials', async () => {
    const response = await fetch(`${bases.open}/keystatic`, { headers: basic(credentials) });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('the editor');
  });

  it('cannot be reached around the lock with escapes, capitals or doubled slashes', async () => {
    for (const path of ['/%6Beystatic', '/KeyStatic/', '/api//keystatic/tree', '/API/Keystatic']) {
      expect((await fetch(bases.closed + path)).status, path).toBe(404);
      expect((await fetch(bases.open + path)).status, path).toBe(401);
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
