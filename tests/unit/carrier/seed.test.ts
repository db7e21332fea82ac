import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { demoPages, demoTokens, seedDemoPages } from '../../../carrier/seed.ts';
import { openDatabase } from '../../../carrier/store/db.ts';
import { createReturnPage, findReturnPage } from '../../../carrier/store/returnPages.ts';

const dir = mkdtempSync(join(tmpdir(), 'seed-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('demo pages', () => {
  it('are brought up to date in a database seeded by an earlier version, keeping their token', () => {
    const db = openDatabase(join(dir, 'carrier.sqlite'));
    const [driver] = demoPages;
    if (!driver) throw new Error('no demo pages');
    const old = createReturnPage(db, {
      ...driver,
      returnAddresses: [{ ...driver.returnAddresses[0]!, street: 'Americká 2066/42' }],
    });
    seedDemoPages(db);
    const page = findReturnPage(db, demoTokens.driver);
    expect(page?.id).toBe(old.id);
    expect(page?.page.returnAddresses.map((a) => a.street)).toEqual(['Americká 2222/42']);
    expect(seedDemoPages(db).map((each) => each.page.token)).toEqual(Object.values(demoTokens));
    db.close();
  });
});
