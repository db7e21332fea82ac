import { startRedis } from '../unit/redisServer.ts';
import { expect, test } from './fixtures.ts';
import { fillContact, formOf, uniqueEmail } from './formControls.ts';
import { tokens } from './formPage.ts';
import { startLoggedServer } from './loggedServer.ts';
import { texts } from './senderTexts.ts';
import { successOf } from './successScreen.ts';

const t = texts.en;

/**
 * The site with a shared Redis that freezes (SIGSTOP), through the real server: the plain form
 * is answered at once, with everything typed and the word to send it again shortly (never a
 * return guessed from memory), `/readyz` says so, and the same form goes through once Redis is back.
 */
test('a frozen shared store: the plain form comes back to be sent again, and then goes through @desktop', async ({
  browser,
}) => {
  test.slow();
  const redis = await startRedis();
  const server = await startLoggedServer({ RATE_LIMIT_REDIS_URL: redis.url });
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    const email = uniqueEmail();
    await page.goto(`${server.url}/en/returns?token=${tokens.noDriver}`);
    const f = formOf(page, t);
    await f.labelPrint.check();
    await fillContact(page, t, { name: 'Jana Nováková', email });

    redis.freeze();
    const [answer] = await Promise.all([
      page.waitForResponse((response) => response.request().method() === 'POST'),
      f.submit.click(),
    ]);
    expect(answer.status()).toBe(503);
    expect(answer.headers()['retry-after']).toBe('5');
    await expect(page.getByText(t.storeUnavailable(5))).toBeVisible();
    await expect(f.name).toHaveValue('Jana Nováková');
    await expect(f.email).toHaveValue(email);
    expect((await context.request.get(`${server.url}/readyz`)).status()).toBe(503);
    expect(server.returnsFor(email)).toBe(0);

    redis.thaw();
    await expect
      .poll(async () => (await context.request.get(`${server.url}/readyz`)).status(), { timeout: 5_000 })
      .toBe(200);
    await f.submit.click();
    await expect(successOf(page, t).heading).toBeVisible();
    expect(server.returnsFor(email)).toBe(1);
  } finally {
    redis.thaw();
    await context.close();
    await server.stop();
    redis.stop();
  }
});
