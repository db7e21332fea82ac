import { expect, test } from '../e2e/fixtures.ts';
import { fillValidSender, formOf } from '../e2e/formControls.ts';
import { formUrl, openForm, tokens } from '../e2e/formPage.ts';
import { successOf } from '../e2e/successScreen.ts';
import { nuErrors } from './nuChecker.ts';
import { plainFormDocuments } from './plainStates.ts';
import { locales, texts } from '../e2e/senderTexts.ts';

/**
 * Every page and every state of the form, in both languages, is valid HTML by the Nu Html
 * Checker: the pages as the server sends them, and the document as the browser holds it once
 * the island has drawn a state, and the states the server renders for the form posted without
 * scripts, as it sent them. The checker runs once over all of them.
 */
test('every page and every state of the form passes the Nu Html Checker', async ({
  page,
  request,
  browser,
  baseURL,
  clientAddress,
}) => {
  test.setTimeout(150_000);
  const documents = new Map<string, string>();
  const served = async (name: string, path: string) => {
    const response = await request.get(path, { maxRedirects: 0, failOnStatusCode: false });
    documents.set(`${name}, as served (${response.status()})`, await response.text());
  };
  for (const locale of locales) {
    const t = texts[locale];
    const prefix = t.prefix;
    // As a sender's browser asks for it after the redirect that adds the visit's attempt.
    await served(`${locale} form`, `${formUrl(locale, tokens.driver)}&attempt=${crypto.randomUUID()}`);
    await served(`${locale} not-found`, `${prefix}/returns/page-not-found`);
    await served(`${locale} error`, `${prefix}/returns/error`);
    await served(`${locale} accessibility statement`, `${prefix}/returns/accessibility`);
    await served(`${locale} unknown path`, `${prefix}/no-such-page`);

    await openForm(page, locale, tokens.driver);
    documents.set(`${locale} form, empty`, await page.content());

    const form = formOf(page, t);
    await form.submit.click();
    await expect(form.errorSummary).toBeVisible();
    documents.set(`${locale} form, with errors`, await page.content());

    await fillValidSender(page, t);
    await form.submit.click();
    const success = successOf(page, t);
    await expect(success.heading).toBeVisible();
    documents.set(`${locale} success, preparing`, await page.content());
    // The driver link's form starts on the label-less QR code.
    await expect(success.downloadQr).toBeEnabled({ timeout: 15_000 });
    documents.set(`${locale} success, ready`, await page.content());

    await page.goto(`${prefix}/returns/page-not-found`);
    documents.set(`${locale} not-found`, await page.content());
    await page.goto(`${prefix}/returns/error`);
    documents.set(`${locale} error`, await page.content());
    await page.goto(`${prefix}/returns/accessibility`);
    documents.set(`${locale} accessibility statement`, await page.content());
  }

  const plain = await browser.newContext({
    baseURL: String(baseURL),
    javaScriptEnabled: false,
    extraHTTPHeaders: { 'X-Forwarded-For': clientAddress },
  });
  try {
    const plainPage = await plain.newPage();
    for (const locale of locales) {
      for (const [name, html] of await plainFormDocuments(plainPage, locale)) documents.set(name, html);
    }
  } finally {
    await plain.close();
  }
  expect(documents.size).toBe(32);
  expect(nuErrors(documents)).toEqual([]);
});
