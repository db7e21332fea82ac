import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createReader } from '@keystatic/core/reader';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import editorConfig from '../../keystatic.config.ts';
import { shellSchema } from '../../src/content/schema.ts';

// The editor (Keystatic) and the build (the content collection's zod schema) must accept and
// refuse the same shell files. Each case is the Czech file with one change an editor could make.
type Shell = ReturnType<typeof shellSchema.parse>;
type Change = (shell: Shell) => void;

const refused: Record<string, Change> = {
  'an empty footer link label': (s) => void (s.footer.columns[0]!.links[0]!.label = ''),
  'a blank menu label': (s) => void (s.menu[0]!.label = '   '),
  'a mailto link': (s) => void (s.footer.columns[1]!.links[0]!.href = 'mailto:info@parcelo.example'),
  'a javascript link': (s) => void (s.menu[1]!.href = 'javascript:alert(1)'),
  'an ftp link': (s) => void (s.logins[0]!.href = 'ftp://files.parcelo.example/'),
  'an address without scheme': (s) => void (s.links.privacy = 'www.parcelo.example'),
  'an address with a space': (s) => void (s.brand.homeUrl = 'https://www.parcelo example/'),
  'a notice without text': (s) =>
    void (s.notice = { discriminant: true, value: { level: 'info', text: ' ' } }),
  'a notice over 280 characters': (s) =>
    void (s.notice = { discriminant: true, value: { level: 'warning', text: 'x'.repeat(281) } }),
  'an unknown notice level': (s) =>
    void (s.notice = { discriminant: true, value: { level: 'danger' as 'info', text: 'Zavřeno' } }),
  'an unknown social network': (s) => void (s.footer.follow.social[0]!.network = 'myspace' as 'x'),
  'an unknown store': (s) => void (s.footer.follow.apps[0]!.store = 'winphone' as 'appStore'),
  'no social link': (s) => void (s.footer.follow.social = []),
  'nine menu links': (s) => void (s.menu = Array.from({ length: 9 }, () => s.menu[0]!)),
  'no footer column': (s) => void (s.footer.columns = []),
  'an empty motto': (s) => void (s.footer.motto = ''),
  'an empty not-found heading': (s) => void (s.pages.notFound.heading = ''),
  'a blank form lead': (s) => void (s.pages.form.lead = ' '),
  'an empty consent-settings label': (s) => void (s.footer.consentLabel = ''),
  'a statement feedback address without @': (s) =>
    void (s.pages.accessibility.feedback.email = 'pristupnost.parcelo.example'),
  'a statement review date that is no day': (s) => void (s.pages.accessibility.review.date = '28. 11. 2026'),
  'a statement without a known gap': (s) => void (s.pages.accessibility.gaps.items = []),
  'a statement without a test': (s) => void (s.pages.accessibility.tested.items = []),
  'an enforcement body link without scheme': (s) =>
    void (s.pages.accessibility.enforcement.href = 'www.coi.cz'),
  'an empty statement title': (s) => void (s.pages.accessibility.title = ''),
};

const accepted: Record<string, Change> = {
  'the file as it is': () => {},
  'a warning notice': (s) =>
    void (s.notice = {
      discriminant: true,
      value: { level: 'warning', text: 'Výdejní místa jsou zavřena.' },
    }),
  'an information notice of 280 characters': (s) =>
    void (s.notice = { discriminant: true, value: { level: 'info', text: 'x'.repeat(280) } }),
  'no app-store link': (s) => void (s.footer.follow.apps = []),
  'an http link with a query': (s) => void (s.menu[0]!.href = 'http://parcelo.example/a?b=c#d'),
  'five footer columns': (s) => void s.footer.columns.push(s.footer.columns[0]!),
  'another review date and feedback address': (s) => {
    s.pages.accessibility.review.date = '2027-01-31';
    s.pages.accessibility.feedback.email = 'a11y@shop.example.cz';
  },
  'a statement text of two paragraphs': (s) =>
    void (s.pages.accessibility.status.text = 'První odstavec.\n\nDruhý odstavec.'),
};

let root: string;
let original: Shell;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'shell-editor-'));
  await mkdir(join(root, 'src/content/shell'), { recursive: true });
  original = JSON.parse(
    await readFile(new URL('../../src/content/shell/cs.json', import.meta.url), 'utf8'),
  ) as Shell;
});
afterAll(() => rm(root, { recursive: true, force: true }));

/** Whether the editor and the build each take the file; a fresh reader, since Keystatic caches reads. */
async function verdicts(change: Change): Promise<{ editor: boolean; build: boolean }> {
  const shell = structuredClone(original);
  change(shell);
  await writeFile(join(root, 'src/content/shell/cs.json'), JSON.stringify(shell));
  const reader = createReader(root, editorConfig);
  const editor = await reader.singletons.shellCs.read().then(
    (entry) => entry !== null,
    () => false,
  );
  return { editor, build: shellSchema.safeParse(shell).success };
}

describe('the editor and the build agree on the shell content', () => {
  it.each(Object.entries(refused))('both refuse %s', async (_, change) => {
    expect(await verdicts(change)).toEqual({ editor: false, build: false });
  });

  it.each(Object.entries(accepted))('both accept %s', async (_, change) => {
    expect(await verdicts(change)).toEqual({ editor: true, build: true });
  });
});
