import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { demoPages } from '../../carrier/seed.ts';
import { startEditDevServer } from './editDevServer.ts';
import { expect, test } from './fixtures.ts';
import { texts } from './senderTexts.ts';

// A content editor follows README: `npm run edit -- --port <port>`, then the links it prints. The
// dev server is not the built site server of the other tests: it has its own policy for each page.
// Undefined until beforeAll has started it, and still undefined in the hooks after if it failed to.
let dev: Awaited<ReturnType<typeof startEditDevServer>> | undefined;
const started = () => {
  if (!dev) throw new Error('the dev server did not start');
  return dev;
};

test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  test.setTimeout(240_000);
  dev = await startEditDevServer();
});
test.afterEach(async ({}, testInfo) => {
  if (testInfo.status !== testInfo.expectedStatus)
    await testInfo.attach('npm run edit', { body: dev?.log() ?? '', contentType: 'text/plain' });
});
test.afterAll(() => dev?.stop());

const editorUrl = () => /Content editor: (http:\/\/\S+\/keystatic)/.exec(started().log())?.[1] ?? '';
const projectShell = new URL('../../src/content/shell/cs.json', import.meta.url);

test('npm run edit prints the demo links and the editor on the port it listens on @desktop', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const links =
    started()
      .log()
      .match(/http:\/\/\S+\/returns\?token=\S+/g) ?? [];
  expect(links).toHaveLength(demoPages.length);
  for (const link of links) expect(new URL(link).port).toBe(String(started().port));
  expect(new URL(editorUrl()).port).toBe(String(started().port));

  // A link opens the return form there.
  const demo = await page.request.get(links[0]!);
  expect(demo.status()).toBe(200);
  expect(await demo.text()).toContain(texts.cs.pageHeading);
  // Its endpoints work there too: the form's data loads without the production editor's password.
  const token = new URL(links[0]!).searchParams.get('token') ?? '';
  const returnPage = await page.request.get(
    `http://127.0.0.1:${started().port}/api/return-page?token=${token}`,
  );
  expect(returnPage.status()).toBe(200);
});

test('the editor of npm run edit opens and saves, within its policy @desktop', async ({ page }) => {
  test.setTimeout(240_000);
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  // Keystatic asks Google Fonts for its typeface; the test machine has no internet.
  await page.route('https://fonts.googleapis.com/**', (route) =>
    route.fulfill({ contentType: 'text/css', body: '' }),
  );
  const projectFile = await readFile(projectShell, 'utf8');

  await page.goto(`${editorUrl()}/singleton/shellCs`);
  // A blocked inline script leaves the page blank: say so rather than wait for the editor.
  expect(violations).toEqual([]);
  // The dev server compiles the editor on its first request; a busy machine takes minutes.
  await expect(page.getByRole('button', { name: 'Save' })).toBeVisible({ timeout: 180_000 });
  await page.getByRole('textbox', { name: /Název značky/ }).fill('Parcelo Praha');
  await page.getByRole('button', { name: 'Save' }).click();

  const saved = join(started().root, 'src/content/shell/cs.json');
  await expect
    .poll(async () => {
      try {
        return (JSON.parse(await readFile(saved, 'utf8')) as { brand: { name: unknown } }).brand.name;
      } catch {
        return undefined; // Still being written.
      }
    })
    .toBe('Parcelo Praha');
  expect(await readFile(projectShell, 'utf8')).toBe(projectFile);
  expect(violations).toEqual([]);
});
