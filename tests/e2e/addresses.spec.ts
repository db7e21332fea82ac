import { randomBytes } from 'node:crypto';
import { expect, expectNoAxeViolations, test } from './fixtures.ts';
import { formOf } from './formControls.ts';
import { formUrl, openForm, tokens } from './formPage.ts';
import { createReturnLink } from './returnLinks.ts';
import { locales, texts } from './senderTexts.ts';

for (const locale of locales) {
  const t = texts[locale];

  test.describe(`addresses in ${locale}`, () => {
    // Once, in Czech: the addresses and their suggestions are the same in every language.
    if (locale === 'cs')
      test('the number on the door finds the address, and a new street is suggested after a choice @desktop', async ({
        page,
      }) => {
        await openForm(page, locale, tokens.driver);
        const f = formOf(page, t);
        await f.street.pressSequentially('Americká 42');
        await expect(f.suggestions.getByRole('option')).toHaveText(['Americká 2222/42, 30100 Plzeň']);
        await expectNoAxeViolations(page);
        await f.suggestions.getByRole('option').click();
        await expect(f.street).toHaveValue('Americká 2222/42');
        await expect(f.zipCode).toHaveValue('30100');
        await expect(f.city).toHaveValue('Plzeň');

        // PSČ and city still hold the first choice; they must not hide the new street.
        await f.street.clear();
        await f.street.pressSequentially('Kumberská 12');
        const kumberska = f.suggestions.getByRole('option', { name: 'Kumberská 12/1, 31800 Plzeň' });
        await expect(kumberska).toBeVisible();
        await kumberska.click();
        await expect(f.street).toHaveValue('Kumberská 12/1');
        await expect(f.zipCode).toHaveValue('31800');
        await expect(f.city).toHaveValue('Plzeň');
      });

    test("a link whose token has a bare '+' opens its form with the recipient @desktop", async ({ page }) => {
      // As e-shops paste them: base64 with '+' left unescaped, which URL decoding turns into a space.
      const token = `+${randomBytes(18).toString('base64')}+${locale}+`;
      createReturnLink(token, {
        title: 'Obuv Plus',
        prepaidDriverPickUp: false,
        returnAddresses: [
          {
            addressType: 'Default',
            name: 'Obuv Plus s.r.o.',
            street: 'Americká 229/38',
            zipCode: '30100',
            city: 'Plzeň',
            country: 'CZ',
          },
        ],
      });
      expect(formUrl(locale, token)).toContain(`token=+`);
      await openForm(page, locale, token);
      const f = formOf(page, t);
      await expect(f.recipient).toContainText('Obuv Plus s.r.o.');
      await expect(f.recipient).toContainText('Americká 229/38');
      await expect(page).not.toHaveURL(/page-not-found/);
    });
  });
}
