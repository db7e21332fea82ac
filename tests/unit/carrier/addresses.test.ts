import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addressCount,
  defaultAddressData,
  ensureAddressSchema,
  importAddresses,
  searchAddresses,
  type AddressQuery,
} from '../../../carrier/addresses/index.ts';
import { searchKey, zipKey } from '../../../carrier/addresses/normalize.ts';
import type { AddressSuggestion } from '@parcel-returns/contract';
import { demoPages } from '../../../carrier/seed.ts';

// Three real municipality files cut from the ČÚZK export: part of Plzeň, part of Město Touškov
// (which has a Kumberská too) and all of Modrava, a village without street names.
const fixtures = new URL('../../fixtures/ruian/', import.meta.url).pathname;
const plzenFixture = join(fixtures, '20231231_OB_554791_ADR.csv');
const modravaFixture = join(fixtures, '20231231_OB_542148_ADR.csv');

const lines = (query: AddressQuery, limit?: number) =>
  searchAddresses(db, query, limit).map(
    (each) =>
      `${each.street} ${each.houseNumber}${each.referenceNumber ? `/${each.referenceNumber}` : ''}, ${each.zipCode} ${each.city}`,
  );

let db: DatabaseSync;
beforeAll(async () => {
  db = new DatabaseSync(':memory:');
  ensureAddressSchema(db);
  expect(await importAddresses(db, fixtures)).toMatchObject({ files: 3, points: 285 });
});

const tempDirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'addresses-test-'));
  tempDirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

describe('search keys', () => {
  it('fold Czech letters, case, spaces and punctuation', () => {
    expect(searchKey('  Žižkova ')).toBe('zizkova');
    expect(searchKey('Čs.armády')).toBe(searchKey('cs  armady'));
    expect(zipKey('301 00')).toBe('30100');
    expect(zipKey('3O1')).toBeNull();
  });
});

describe('address suggestions', () => {
  it('finds Plzeň without diacritics', () => {
    expect(searchAddresses(db, { city: 'plzen', calledFrom: 'City' }).map((each) => each.city)).toEqual(
      Array(10).fill('Plzeň'),
    );
    expect(lines({ street: 'plzen', calledFrom: 'Street' })[0]).toBe('Plzeňská 44/2, 32200 Plzeň');
  });

  it('suggests Kumberská with house and reference numbers, in numeric order', () => {
    expect(lines({ street: 'kumb', calledFrom: 'Street', city: 'Plz' })).toEqual([
      'Kumberská č.ev. 7/12, 31800 Plzeň',
      'Kumberská 12/1, 31800 Plzeň',
      'Kumberská 18/10, 31800 Plzeň',
      'Kumberská 30/5, 31800 Plzeň',
      'Kumberská 50/2, 31800 Plzeň',
      'Kumberská 60/3, 31800 Plzeň',
      'Kumberská 78/1a, 31800 Plzeň',
    ]);
    expect(searchAddresses(db, { street: 'Kumberská', calledFrom: 'Street' })[0]).toEqual({
      street: 'Kumberská',
      houseNumber: '155',
      referenceNumber: null,
      zipCode: '33033',
      city: 'Město Touškov',
    });
  });

  it('narrows by a house or orientation number typed after the street, whole matches first', () => {
    expect(lines({ street: 'Kumberská 1', calledFrom: 'Street' })).toEqual([
      'Kumberská 12/1, 31800 Plzeň',
      'Kumberská 155, 33033 Město Touškov',
      'Kumberská 169, 33033 Město Touškov',
      'Kumberská 192, 33033 Město Touškov',
      'Kumberská č.ev. 7/12, 31800 Plzeň',
      'Kumberská 18/10, 31800 Plzeň',
      'Kumberská 78/1a, 31800 Plzeň',
    ]);
    expect(lines({ street: 'kumberska 12/1', calledFrom: 'Street' })).toEqual([
      'Kumberská 12/1, 31800 Plzeň',
    ]);
    expect(lines({ street: 'Kumberská 78/1a', calledFrom: 'Street' })).toEqual([
      'Kumberská 78/1a, 31800 Plzeň',
    ]);
    expect(lines({ street: 'Lhota č.ev. 2', calledFrom: 'Street' })).toEqual(
      ['20', '21', '22', '23', '24', '25', '27', '28', '29'].map(
        (number) => `Lhota č.ev. ${number}, 30100 Plzeň`,
      ),
    );
  });

  it('searches zip codes with and without the space', () => {
    const spaced = lines({ zipCode: '318 00', calledFrom: 'ZipCode' });
    expect(spaced).toHaveLength(10);
    expect(spaced.every((line) => line.includes(', 31800 Plzeň'))).toBe(true);
    expect(lines({ zipCode: '318', calledFrom: 'ZipCode' })).toEqual(spaced);
    expect(lines({ zipCode: '31800', calledFrom: 'ZipCode' })).toEqual(spaced);
  });

  it('searches city prefixes', () => {
    expect(lines({ city: 'měs', calledFrom: 'City' })[0]).toBe('Kumberská 155, 33033 Město Touškov');
    expect(lines({ city: 'MOD', calledFrom: 'City' })[0]).toBe('Filipova Huť č.ev. 2, 34192 Modrava');
  });

  it('combines the other fields as filters', () => {
    expect(lines({ street: 'kumb', zipCode: '330', calledFrom: 'Street' })).toHaveLength(10);
    expect(lines({ street: 'kumb', zipCode: '318', calledFrom: 'Street' })).toHaveLength(7);
    expect(lines({ street: 'kumb', zipCode: '330', city: 'plzen', calledFrom: 'Street' })).toEqual([]);
    expect(lines({ city: 'plz', street: 'kumberska 5', calledFrom: 'City' })).toEqual([
      'Kumberská 30/5, 31800 Plzeň',
      'Kumberská 50/2, 31800 Plzeň',
    ]);
  });

  it('writes a village address with the name of its part', () => {
    expect(lines({ street: 'filip', calledFrom: 'Street' })[1]).toBe('Filipova Huť 3, 34192 Modrava');
    expect(lines({ street: 'Kůští 14', calledFrom: 'Street' })).toEqual([
      'Kůští 14, 33033 Město Touškov',
      'Kůští č.ev. 14, 33033 Město Touškov',
    ]);
  });

  it('gives at most ten suggestions', () => {
    expect(lines({ street: 'ku', calledFrom: 'Street' })).toHaveLength(10);
    expect(lines({ street: 'ku', calledFrom: 'Street' }, 50)).toHaveLength(10);
    expect(lines({ street: 'ku', calledFrom: 'Street' }, 3)).toHaveLength(3);
  });

  it('answers junk and too-short input with nothing, without throwing', () => {
    const junk = [
      '',
      ' ',
      'k',
      '%',
      '%%',
      '__',
      "'; DROP TABLE address_points; --",
      '"\\',
      '\u0000\u0000',
      '\uD800x',
      '😀😀',
      '/',
      '12/',
    ];
    for (const value of [...junk, 'kumberská'.repeat(5000)]) {
      for (const calledFrom of ['Street', 'ZipCode', 'City'] as const) {
        expect(searchAddresses(db, { street: value, zipCode: value, city: value, calledFrom })).toEqual([]);
      }
    }
    expect(searchAddresses(db, { zipCode: '3', calledFrom: 'ZipCode' })).toEqual([]);
    expect(searchAddresses(db, { street: 'kumb', calledFrom: 'Nothing' as 'Street' })).toEqual([]);
    expect(addressCount(db)).toBe(285);
  });
});

describe('numbers as senders know them (the Plzeň extract)', () => {
  let plzen: DatabaseSync;
  beforeAll(async () => {
    plzen = new DatabaseSync(':memory:');
    await importAddresses(plzen, defaultAddressData);
  });
  const inLine = (each: AddressSuggestion) =>
    `${each.street} ${each.houseNumber}${each.referenceNumber ? `/${each.referenceNumber}` : ''}`;
  const inPlzen = (street: string) => searchAddresses(plzen, { street, calledFrom: 'Street' }).map(inLine);

  it('finds a house by its orientation number alone', () => {
    expect(inPlzen('Americká 42')).toEqual(['Americká 2222/42']);
    expect(inPlzen('Americká 20')).toEqual(['Americká 778/20']);
    expect(inPlzen('americka 38')).toEqual(['Americká 229/38']);
  });

  it('ranks a whole house or orientation number before numbers that only start with it', () => {
    expect(inPlzen('Americká 2').slice(0, 3)).toEqual(['Americká 818/2', 'Americká 7/29', 'Americká 16/26']);
    expect(inPlzen('Americká 22')).toEqual(['Americká 638/22', 'Americká 229/38', 'Americká 2222/42']);
    // A long street: the whole match lies past the first twenty that start with the number.
    expect(inPlzen('Klatovská třída 2')[0]).toBe('Klatovská třída 385/2');
    expect(inPlzen('Klatovská třída 1')[0]).toBe('Klatovská třída 114/1');
  });

  it('reads two numbers in either order, the one before the slash whole', () => {
    expect(inPlzen('Americká 229/38')).toEqual(['Americká 229/38']);
    expect(inPlzen('Americká 38/229')).toEqual(['Americká 229/38']);
    expect(inPlzen('Americká 229/3')).toEqual(['Americká 229/38']);
    expect(inPlzen('Americká 38/')).toEqual(['Americká 229/38']);
    expect(inPlzen('Americká 22/38')).toEqual([]);
  });

  it('takes a number with a letter as an orientation number, and č.ev. or ev. as an evidence number', () => {
    expect(inPlzen('Americká 41a')).toEqual(['Americká č.ev. 855/41a']);
    expect(inPlzen('Americká 41')).toEqual(['Americká 356/41', 'Americká č.ev. 855/41a']);
    for (const typed of ['Americká č.ev. 855', 'americka c.ev.855', 'Americká ev. 855', 'Americká ev 85'])
      expect(inPlzen(typed)).toEqual(['Americká č.ev. 855/41a']);
    expect(inPlzen('Americká č.ev. 855/41')).toEqual(['Americká č.ev. 855/41a']);
    expect(inPlzen('Americká č.ev. 41')).toEqual([]);
  });

  it('knows every Czech recipient of the demo pages as a real address point', () => {
    const recipients = demoPages.flatMap((page) => page.returnAddresses).filter((a) => a.country === 'CZ');
    expect(recipients).toHaveLength(demoPages.length);
    for (const { street, zipCode, city } of recipients) {
      const found = searchAddresses(plzen, { street, zipCode, city, calledFrom: 'Street' });
      expect(found.map((each) => `${inLine(each)}, ${each.zipCode} ${each.city}`)).toContain(
        `${street}, ${zipCode} ${city}`,
      );
    }
  });
});

describe('address import', () => {
  it('fails on a wrong header with the file name, keeping the old data', async () => {
    const dir = tempDir();
    const utf8 = join(dir, '20231231_OB_542148_ADR.csv');
    writeFileSync(utf8, new TextDecoder('windows-1250').decode(readFileSync(modravaFixture)));
    await expect(importAddresses(db, utf8)).rejects.toThrow(`${utf8}: not a RÚIAN address-point CSV`);
    expect(addressCount(db)).toBe(285);
    expect(lines({ street: 'kumberska 12/1', calledFrom: 'Street' })).toHaveLength(1);
  });

  it('names the file and line of a broken row', async () => {
    const dir = tempDir();
    const broken = join(dir, 'broken_ADR.csv');
    writeFileSync(broken, Buffer.concat([readFileSync(modravaFixture), Buffer.from('123;456;Modrava\n')]));
    await expect(importAddresses(db, broken)).rejects.toThrow(`${broken}: line 73: expected 19 fields`);
  });

  it('reads the .tar.xz export and names a bad member', async () => {
    const dir = tempDir();
    copyFileSync(modravaFixture, join(dir, '20231231_OB_542148_ADR.csv'));
    writeFileSync(join(dir, '20231231_OB_1_ADR.csv'), 'Kod;ADM\n');
    execFileSync('tar', ['-cJf', join(dir, 'good.tar.xz'), '-C', dir, '20231231_OB_542148_ADR.csv']);
    execFileSync('tar', [
      '-cJf',
      join(dir, 'bad.tar.xz'),
      '-C',
      dir,
      '20231231_OB_542148_ADR.csv',
      '20231231_OB_1_ADR.csv',
    ]);
    const other = new DatabaseSync(':memory:');
    expect(await importAddresses(other, join(dir, 'good.tar.xz'))).toMatchObject({ files: 1, points: 71 });
    await expect(importAddresses(other, join(dir, 'bad.tar.xz'))).rejects.toThrow('(20231231_OB_1_ADR.csv)');
    expect(addressCount(other)).toBe(71);
  });

  it('replaces the previous data on re-import', async () => {
    const other = new DatabaseSync(':memory:');
    await importAddresses(other, fixtures);
    expect(await importAddresses(other, plzenFixture)).toMatchObject({ files: 1, points: 178 });
    expect(addressCount(other)).toBe(178);
    expect(searchAddresses(other, { street: 'filip', calledFrom: 'Street' })).toEqual([]);
    expect(searchAddresses(other, { street: 'kumb', calledFrom: 'Street' })).toHaveLength(7);
  });

  it('imports the committed Plzeň extract completely', async () => {
    const other = new DatabaseSync(':memory:');
    expect(await importAddresses(other, defaultAddressData)).toMatchObject({ files: 1, points: 27_207 });
    expect(addressCount(other)).toBe(27_207);
  });
});
