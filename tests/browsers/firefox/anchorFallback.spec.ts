import { launchFirefox } from '../engines/firefox.ts';
import { expect, test, until } from '../fixtures.ts';

/**
 * The language menu hangs under its button with CSS anchor positioning, which the Nu Html
 * Checker does not know yet (see nuChecker.ts). Firefox can switch it off: the menu's
 * @supports fallback must then still show it under the header, fully in view.
 */
test('without anchor positioning the language menu still opens under its button', async ({ baseURL }) => {
  const browser = await launchFirefox(String(baseURL), {
    'layout.css.anchor-positioning.enabled': false,
  });
  try {
    const tab = await browser.newTab();
    await tab.resize(1280, 800);
    await tab.goto('/en/returns/error');
    expect(await tab.evaluate(() => CSS.supports('position-area: bottom'))).toBe(false);
    await tab.click('.lang__button');
    await until(tab, 'the menu', () => document.querySelector('#language-menu:popover-open') !== null);
    const place = await tab.evaluate(() => {
      const menu = document.querySelector('#language-menu')!.getBoundingClientRect();
      const button = document.querySelector('.lang__button')!.getBoundingClientRect();
      return {
        below: menu.top >= button.bottom - 1,
        inView: menu.left >= 0 && menu.right <= document.documentElement.clientWidth,
        nearButton: Math.abs(menu.right - button.right) < 48,
      };
    });
    expect(place).toEqual({ below: true, inView: true, nearButton: true });
    await tab.click('#language-menu a[hreflang="cs"]');
    await until(tab, 'the Czech page', () => location.pathname === '/returns/error');
    expect(await tab.errors()).toEqual([]);
  } finally {
    await browser.close();
  }
});
