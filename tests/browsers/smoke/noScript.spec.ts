import { readPdf } from '../../unit/carrier/_pdfReader.ts';
import { expect, test, until } from '../fixtures.ts';
import { downloadLink, fillSender, texts, formUrl, textOf, tokens, untilText } from './helpers.ts';

/**
 * The form as plain HTML in Firefox and WebKit, for a sender whose browser runs no script:
 * the page's own scripts are off (Firefox's `javascript.enabled` pref, WebKit's
 * `enable-javascript-markup` setting, see fixtures.ts), while the test's scripts still read
 * the page. The form posts and the server answers. Each engine takes one language for the
 * way to the label and the other for the messages, so both run in both languages.
 */
const languages = {
  firefox: { label: 'cs', messages: 'en' },
  webkit: { label: 'en', messages: 'cs' },
} as const;

/** Whether the form's island is still as the server rendered it: Astro drops `ssr` on hydration. */
const neverHydrated = () => document.querySelector('astro-island[ssr]') !== null;

test('a demo link to the sent page and the PDF behind its label link', async ({ plainTab: tab }) => {
  const locale = languages[tab.engine].label;
  const t = texts[locale];
  const s = texts[locale].success;
  await tab.goto(formUrl(locale, tokens.driver));
  await tab.click('input[name="labelType"][value="label"]');
  await tab.click('input[name="handover"][value="pickupPoint"]');
  await fillSender(tab, 'plain-sender Nováková');
  await tab.click('button[type="submit"]');
  // The island would have stayed on the form's URL: only the server sends the sender on.
  await until(tab, 'the sent page', () => /^(\/en)?\/returns\/sent\/[0-9a-f-]{36}$/.test(location.pathname));
  await untilText(tab, '#success-title', t.success.title);
  expect(await textOf(tab, '.success__info')).toBe(s.infoLabelPickup);

  // 'Check again' until the label exists; then the page links to it.
  const link = '.success__actions a.button--large';
  for (let tries = 0; !(await tab.evaluate((l) => document.querySelector(l) !== null, link)); tries++) {
    if (tries === 15) throw new Error('the label link never came');
    await tab.click('.success__again');
    // As a sender would: a moment for the page to come again before looking at it.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await until(
      tab,
      'the page again',
      (l, a) => document.querySelector(`${l}, ${a}`) !== null,
      link,
      '.success__again',
    );
  }
  expect(await textOf(tab, link)).toBe(s.downloadLabel);
  const file = await downloadLink(tab, link);
  expect(file.name).toMatch(/\.pdf$/);
  expect(file.bytes.subarray(0, 5).toString()).toBe('%PDF-');
  expect((await readPdf(file.bytes)).text).toContain('plain-sender');
});

test('validation messages from the server, with the error summary', async ({ plainTab: tab }) => {
  const locale = languages[tab.engine].messages;
  const t = texts[locale];
  await tab.goto(formUrl(locale, tokens.noDriver));
  await tab.type('#name', 'Jana Nováková');
  await tab.click('button[type="submit"]');
  await untilText(tab, '#error-summary-title', t.errorSummary);
  expect(await textOf(tab, '.error-summary__list')).toContain(`${t.street}: ${t.errorRequired}`);
  expect(await textOf(tab, '#street-error')).toBe(t.errorRequired);
  expect(await textOf(tab, '#termsAccepted-error')).toBe(t.errorTerms);
  expect(await tab.evaluate(() => (document.querySelector('#name') as HTMLInputElement).value)).toBe(
    'Jana Nováková',
  );
  // The server knew the return link: the recipient is on the page it answered with.
  expect(await textOf(tab, '.recipient__address')).toMatch(/\d{3} ?\d{2}/);
  expect(await tab.evaluate(neverHydrated)).toBe(true);
});
