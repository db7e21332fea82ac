import { expect, test, until } from '../fixtures.ts';
import type { Tab } from '../engines/tab.ts';
import { isShown, locales, openForm, tokens } from './helpers.ts';

/** Where the header's parts sit: each one's top and bottom, and whether the page overflows sideways. */
function headerRows(tab: Tab) {
  return tab.evaluate(() => {
    const visible = [...document.querySelectorAll('.header__bar > *, .header__nav li')].filter(
      (element) => element.getBoundingClientRect().width > 0,
    );
    const boxes = visible.map((element) => element.getBoundingClientRect());
    const menuTops = [...document.querySelectorAll('.header__nav li')]
      .map((li) => li.getBoundingClientRect())
      .filter((box) => box.width > 0)
      .map((box) => Math.round(box.top));
    return {
      // Parts on one row overlap vertically: the lowest top is above the highest bottom.
      oneRow: Math.max(...boxes.map((b) => b.top)) < Math.min(...boxes.map((b) => b.bottom)),
      menuRows: new Set(menuTops).size,
      inlineMenu: menuTops.length,
      overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      scrollbar: window.innerWidth - document.documentElement.clientWidth,
    };
  });
}

test('the header never wraps from 320 to 2400 px, with the scrollbar taking room', async ({ tab }) => {
  const widths = [320, 768, 1279, 1280, 1440, 2400];
  for (const locale of locales) {
    // The form page is long, so the window has a vertical scrollbar.
    await openForm(tab, locale, tokens.driver);
    for (const width of widths) {
      await tab.resize(width, 700);
      const rows = await headerRows(tab);
      const at = `${locale} at ${width} px: ${JSON.stringify(rows)}`;
      expect(rows.oneRow, at).toBe(true);
      expect(rows.menuRows, at).toBeLessThanOrEqual(1);
      expect(rows.inlineMenu, at).toBe(width >= 1280 ? 6 : 0);
      expect(rows.overflow, at).toBe(0);
      // Firefox runs with classic scrollbars (see engines/firefox.ts): the case that wrapped.
      if (tab.engine === 'firefox') expect(rows.scrollbar, at).toBeGreaterThanOrEqual(12);
    }
  }
});

for (const locale of locales) {
  const prefix = locale === 'en' ? '/en' : '';

  test(`header and footer on a phone (${locale})`, async ({ tab }) => {
    await tab.resize(375, 800);
    await tab.goto(`${prefix}/returns/error`);
    expect(await isShown(tab, '.header__menu-button')).toBe(true);
    expect(await isShown(tab, '.header__nav a')).toBe(false);
    await tab.click('.header__menu-button');
    await until(tab, 'the menu drawer', () => document.querySelector('#site-menu:popover-open') !== null);
    expect(await isShown(tab, '.header__nav a')).toBe(true);
    // A top drawer: it slides in and comes to rest at the top edge.
    await until(
      tab,
      'the drawer at the top',
      () => document.querySelector('#site-menu')?.getBoundingClientRect().top === 0,
    );
    await tab.click('.header__close');
    await until(tab, 'the drawer to close', () => document.querySelector('#site-menu:popover-open') === null);

    // The footer's columns are an accordion: one open at a time.
    const open = () =>
      tab.evaluate(() =>
        [...document.querySelectorAll('.footer__column')].map((d) => (d as HTMLDetailsElement).open),
      );
    expect(await open()).toEqual([false, false, false, false, false]);
    expect(await isShown(tab, '.footer__column ul a')).toBe(false);
    await tab.click('.footer__column:nth-child(1) summary');
    expect(await open()).toEqual([true, false, false, false, false]);
    await tab.click('.footer__column:nth-child(2) summary');
    expect(await open()).toEqual([false, true, false, false, false]);
    await tab.click('.footer__column:nth-child(2) summary');
    expect(await open()).toEqual([false, false, false, false, false]);
  });

  test(`header and footer on a desktop (${locale})`, async ({ tab }) => {
    await tab.resize(1280, 800);
    await tab.goto(`${prefix}/returns/page-not-found`);
    expect(await isShown(tab, '.header__menu-button')).toBe(false);
    const links = await tab.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('.header__nav a')].map(
        (a) => a.getBoundingClientRect().width > 0,
      ),
    );
    expect(links).toEqual([true, true, true, true, true, true]);
    // Every footer column shows its links, open or not.
    const shown = await tab.evaluate(() =>
      [...document.querySelectorAll('.footer__column')].map(
        (d) => (d.querySelector('a')?.getBoundingClientRect().height ?? 0) > 0,
      ),
    );
    expect(shown).toEqual([true, true, true, true, true]);
  });
}
