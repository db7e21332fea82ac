import { execFile, spawn } from 'node:child_process';
import { cp, mkdir, readFile, rm, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import { format } from 'prettier';
import { choiceLabels } from '../../src/content/choices.ts';
import { addressMessage, linkLabels } from '../../src/content/editorFields.ts';
import { shellSchema } from '../../src/content/schema.ts';
import { translations } from '../../src/i18n/index.ts';
import { freePort } from '@parcel-returns/listen';
import { editor } from './editorEnv.ts';
import { expect, expectNoAxeViolations, test } from './fixtures.ts';

// A content editor at work: the editor saves into a copy of src/content/ (editorEnv.ts), a build
// from that copy publishes it, and the pages show it in the right language.
const shellDir = join(editor.root, 'src/content/shell');
/** What these tests read of a shell file themselves; the schema checks the rest. */
interface ShellJson {
  notice?: { value?: { text?: string } };
}
const readShell = async (locale: string) =>
  JSON.parse(await readFile(join(shellDir, `${locale}.json`), 'utf8')) as ShellJson;
/** The file as the editor's save leaves it; undefined while the save is still writing it. */
const savedShell = (locale: string) =>
  readShell(locale).catch((error: unknown) => {
    if (error instanceof SyntaxError) return undefined;
    throw error;
  });
const notices = {
  cs: 'Výdejní místa jsou o svátcích zavřena.',
  en: 'Pick-up points are closed over the holidays.',
};
/** The level each language's notice is given, and the name the page gives the notice. */
const levels = { cs: 'warning', en: 'info' } as const;
const noticeName = (locale: 'cs' | 'en') => translations(locale).notice[levels[locale]]();

// One editor over one copy: the tests run in order, at one width only.
test.describe.configure({ mode: 'serial' });
test.use({ httpCredentials: { username: editor.username, password: editor.password } });

test.beforeAll(async () => {
  await rm(editor.root, { recursive: true, force: true });
  await mkdir(shellDir, { recursive: true });
  await cp(new URL('../../src/content/shell', import.meta.url), shellDir, { recursive: true });
  // The build from the copy resolves its packages through this link.
  await symlink(new URL('../../node_modules', import.meta.url), join(editor.root, 'node_modules'));
});
test.afterAll(() => rm(editor.root, { recursive: true, force: true }));

test.beforeEach(async ({ page }) => {
  // Keystatic asks Google Fonts for its typeface; the test machine has no internet.
  await page.route('https://fonts.googleapis.com/**', (route) =>
    route.fulfill({ contentType: 'text/css', body: '' }),
  );
});

async function openShell(page: Page, locale: 'cs' | 'en') {
  await page.goto(`/keystatic/singleton/${locale === 'cs' ? 'shellCs' : 'shellEn'}`);
  // The editor is one large script; a busy machine takes a while to start it.
  await expect(page.getByRole('button', { name: 'Save' })).toBeVisible({ timeout: 30_000 });
}

/** Opens a footer link of a column in the editor's dialogs and returns its innermost dialog. */
async function openFooterLink(page: Page, column: string, link: string) {
  await page
    .getByRole('group', { name: /Sloupce/ })
    .getByRole('row', { name: column })
    .click();
  await page.getByRole('dialog').getByRole('row', { name: link }).click();
  return page.getByRole('dialog').last();
}

async function switchNoticeOn(page: Page, level: keyof typeof choiceLabels, text: string) {
  await page.getByRole('checkbox', { name: /Zobrazit oznámení/ }).check();
  await page.getByRole('button', { name: /Úroveň/ }).click();
  await page.getByRole('option', { name: choiceLabels[level] }).click();
  await page.getByRole('textbox', { name: /Text oznámení/ }).fill(text);
}

test('an editor changes a footer link and switches the notice on in both languages @desktop', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await openShell(page, 'cs');
  const link = await openFooterLink(page, 'Společnost', 'Kariéra');
  await link.getByRole('textbox', { name: linkLabels.label }).fill('Práce u nás');
  await link.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(1);
  await page.getByRole('dialog').getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await switchNoticeOn(page, levels.cs, notices.cs);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect
    .poll(async () => (await savedShell('cs'))?.notice)
    .toEqual({
      discriminant: true,
      value: { level: levels.cs, text: notices.cs },
    });

  await openShell(page, 'en');
  await switchNoticeOn(page, levels.en, notices.en);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect.poll(async () => (await savedShell('en'))?.notice?.value?.text).toBe(notices.en);

  // What the editor saved is what the build accepts, formatted as the project's check wants it.
  const cs = shellSchema.parse(await readShell('cs'));
  shellSchema.parse(await readShell('en'));
  for (const locale of ['cs', 'en']) {
    const saved = await readFile(join(shellDir, `${locale}.json`), 'utf8');
    expect(await format(saved, { parser: 'json' })).toBe(saved);
  }
  expect(cs.footer.columns[0]!.links[1]!.label).toBe('Práce u nás');

  await promisify(execFile)('npx', ['astro', 'build', '--outDir', join(editor.root, 'dist')], {
    env: { ...process.env, CONTENT_ROOT: editor.root, CONTENT_EDITOR: 'off' },
  });
  // The build on the adapter's own server (scripts/standalone.ts) answers with what it built.
  const port = await freePort();
  const built = spawn(
    process.execPath,
    ['scripts/standalone.ts', join(editor.root, 'dist/server/entry.mjs')],
    {
      env: { ...process.env, HOST: '127.0.0.1', PORT: String(port) },
      stdio: 'ignore',
    },
  );
  try {
    await expect
      .poll(async () => (await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => undefined))?.status)
      .toBe(200);
    for (const [locale, path] of [
      ['cs', '/returns/page-not-found'],
      ['en', '/en/returns/page-not-found'],
    ] as const) {
      const html = await (await fetch(`http://127.0.0.1:${port}${path}`)).text();
      await page.route('http://built.test/', (route) =>
        route.fulfill({ contentType: 'text/html', body: html }),
      );
      await page.goto('http://built.test/');
      const notice = page.getByRole('region', { name: noticeName(locale) });
      await expect(notice).toContainText(notices[locale]);
      await expect(page.getByText(notices[locale === 'cs' ? 'en' : 'cs'])).toHaveCount(0);
      await expect(
        page.getByRole('contentinfo').getByRole('link', { name: 'Práce u nás', includeHidden: true }),
      ).toHaveCount(locale === 'cs' ? 1 : 0);
      await expectNoAxeViolations(page);
      await page.unroute('http://built.test/');
    }
  } finally {
    built.kill();
  }
});

test('the editor refuses an empty label and a link that is not http, as the build does @desktop', async ({
  page,
}) => {
  await openShell(page, 'cs');
  const before = await readFile(join(shellDir, 'cs.json'), 'utf8');
  const link = await openFooterLink(page, 'Osobní', 'Ceník');
  await link.getByRole('textbox', { name: linkLabels.label }).fill('');
  await link.getByRole('textbox', { name: linkLabels.href }).fill('mailto:info@parcelo.example');
  await link.getByRole('textbox', { name: linkLabels.href }).press('Tab');
  // Each field says what is wrong as soon as the editor leaves it.
  // The first message is the editor's own (Keystatic's), the second the project's.
  await expect(link.getByText(`${linkLabels.label} must not be empty`)).toBeVisible();
  await expect(link.getByText(addressMessage(linkLabels.href))).toBeVisible();
  await link.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(1);
  await page.getByRole('dialog').getByRole('button', { name: 'Done' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  // Save is refused: the entry stays unsaved and the file as it was.
  await expect(page.getByText('Unsaved')).toBeVisible();
  await page.waitForTimeout(1000);
  expect(await readFile(join(shellDir, 'cs.json'), 'utf8')).toBe(before);
});
