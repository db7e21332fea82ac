import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../carrier/store/db.ts';
import { findReturnPage } from '../../../carrier/store/returnPages.ts';

const dir = mkdtempSync(join(tmpdir(), 'cli-'));
const dbPath = join(dir, 'carrier.sqlite');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// The tests run on the project's Node 24, which the CLI needs too.
const cli = (...args: string[]) =>
  execFileSync(
    process.execPath,
    ['carrier/cli.ts', ...args, '--db', dbPath, '--site-url', 'https://returns.example'],
    {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );

describe('carrier command line', () => {
  it('creates a return page and prints the sender link with an unguessable token', () => {
    const out = cli(
      'create-page',
      '--title',
      'Shop abroad',
      '--name',
      'Shop s.r.o.',
      '--street',
      'Americká 1',
      '--zip',
      '30100',
      '--city',
      'Plzeň',
      '--driver-pickup',
      '--connect-name',
      'Hub',
      '--connect-street',
      'Hraničná 7',
      '--connect-zip',
      '82105',
      '--connect-city',
      'Bratislava',
      '--connect-country',
      'sk',
    );
    const link = new URL(out.trim());
    expect(link.origin + link.pathname).toBe('https://returns.example/returns');
    const token = link.searchParams.get('token')!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const db = openDatabase(dbPath);
    const page = findReturnPage(db, token);
    db.close();
    expect(page?.page).toEqual({
      prepaidDriverPickUp: true,
      returnAddresses: [
        {
          addressType: 'Default',
          name: 'Shop s.r.o.',
          street: 'Americká 1',
          zipCode: '30100',
          city: 'Plzeň',
          country: 'CZ',
        },
        {
          addressType: 'ReturnConnect',
          name: 'Hub',
          street: 'Hraničná 7',
          zipCode: '82105',
          city: 'Bratislava',
          country: 'SK',
        },
      ],
    });
    expect(cli('list-pages')).toContain(`token=${token}`);
  });

  it('refuses incomplete input with the missing option named and exit code 2', () => {
    let status: number | undefined;
    let stderr = '';
    try {
      cli('create-page', '--title', 'x', '--name', 'Shop');
    } catch (error) {
      ({ status, stderr } = error as { status: number; stderr: string });
    }
    expect(status).toBe(2);
    expect(stderr).toMatch(/--street/);
  });
});
