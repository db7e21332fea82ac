import type { Locator, Page } from '@playwright/test';
import { fixedPreparing, pageStates } from './a11yPages.ts';
import { openFixedReturn } from './carrierReturns.ts';
import { expect, test } from './fixtures.ts';
import { formUrl, tokens } from './formPage.ts';
import type { Locale } from './senderTexts.ts';

/**
 * With `prefers-reduced-motion: reduce` nothing moves: no CSS animation or transition runs for
 * longer than a blink (or repeats for ever), and the download button's spinner looks the same from one moment to the next. Motion does not depend on the language: the phone
 * width is checked in Czech, the desktop width in English.
 */
test.use({ reducedMotion: 'reduce' });
// The success screen is reached through a real proof of work: room for a busy machine.
test.describe.configure({ timeout: 60_000 });

/** Elements (and their ::before and ::after) whose animation or transition lasts or repeats. */
function moving(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const seconds = (list: string) =>
      Math.max(...list.split(',').map((time) => parseFloat(time) * (/ms$/.test(time.trim()) ? 0.001 : 1)));
    const found: string[] = [];
    for (const element of document.querySelectorAll('*')) {
      for (const pseudo of [null, '::before', '::after']) {
        const style = getComputedStyle(element, pseudo);
        const name = `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}${pseudo ?? ''}`;
        const animated = style.animationName !== 'none';
        if (
          animated &&
          (seconds(style.animationDuration) > 0.001 || /infinite/.test(style.animationIterationCount))
        ) {
          found.push(
            `${name}: animation ${style.animationName} ${style.animationDuration} × ${style.animationIterationCount}`,
          );
        }
        if (seconds(style.transitionDuration) > 0.001)
          found.push(`${name}: transition ${style.transitionDuration}`);
      }
    }
    // What runs now, whatever started it (a CSS animation, a transition, the Web Animations API).
    for (const animation of document.getAnimations()) {
      const timing = animation.effect?.getComputedTiming();
      if (
        animation.playState === 'running' &&
        timing &&
        (Number(timing.duration) > 1 || timing.iterations === Infinity)
      ) {
        found.push(
          `running: ${animation.constructor.name} ${Number(timing.duration)} ms × ${timing.iterations}`,
        );
      }
    }
    return [...new Set(found)];
  });
}

/** `part` shows the same pixels over half a second: it stands still. */
async function expectStill(part: Locator, what: string): Promise<void> {
  const first = await part.screenshot({ animations: 'allow' });
  for (let look = 0; look < 3; look++) {
    await part.page().waitForTimeout(150);
    expect.soft((await part.screenshot({ animations: 'allow' })).equals(first), `${what} moves`).toBe(true);
  }
}

/** The success screen while the label is being prepared: the download button spins. */
async function openPreparing(page: Page, locale: Locale): Promise<Locator> {
  await openFixedReturn(page, locale, fixedPreparing());
  const spinner = page.locator('.success .spinner');
  await expect(spinner).toBeVisible({ timeout: 20_000 });
  return spinner.locator('xpath=..');
}

for (const [width, locale] of [
  ['@phone', 'cs'],
  ['@desktop', 'en'],
] as const) {
  test(`with reduced motion the spinner and every transition stand still (${locale}) ${width}`, async ({
    page,
  }) => {
    // The page as it arrives, before the islands take over, then after.
    await page.goto(formUrl(locale, tokens.driver));
    expect.soft(await moving(page), 'moving while the page loads').toEqual([]);

    for (const state of pageStates.filter(({ name }) => !/errors|success/.test(name))) {
      await state.open(page, locale);
      expect.soft(await moving(page), `moving: ${state.name}`).toEqual([]);
    }
    // The phone's menu slides in.
    const menu = page.locator('.header__menu-button');
    if (await menu.isVisible()) {
      await menu.click();
      await expect(page.locator('#site-menu')).toBeVisible();
      expect.soft(await moving(page), 'moving: the menu opening').toEqual([]);
    }
    const spinning = await openPreparing(page, locale);
    expect.soft(await moving(page), 'moving while the label is prepared').toEqual([]);
    await expectStill(spinning, 'the download button while the label is prepared');
  });
}
