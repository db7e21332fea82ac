import type { Page } from '@playwright/test';
import { pageStates } from './a11yPages.ts';
import { expect, test } from './fixtures.ts';

/**
 * WCAG 2.2's 2.5.8 Target Size (Minimum): every control is at least 24 × 24 CSS px, or a
 * 24 px circle around its centre touches no other control and no other small control's circle.
 * Links in a line of text are exempt, as the criterion allows. Every page and state; the phone
 * width in Czech, the desktop width in English (the header and the cards lay out differently
 * at the two widths; the languages only change the words).
 */
function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const selector =
      'a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [role=link], [role=checkbox], [role=radio], [tabindex]:not([tabindex="-1"])';
    // An open dialog or menu covers the page: only its own controls can be hit.
    const scope = document.querySelector('dialog[open], :popover-open') ?? document;
    const targets = [...scope.querySelectorAll(selector)]
      .filter((element) => element.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }))
      .map((element) => ({ element, rect: element.getBoundingClientRect() }))
      .filter(({ rect }) => rect.width > 1 && rect.height > 1 && rect.bottom > 0 && rect.right > 0);
    const inSentence = (element: Element) => {
      if (getComputedStyle(element).display !== 'inline') return false;
      let block = element.parentElement;
      while (block && getComputedStyle(block).display === 'inline') block = block.parentElement;
      const own = element.textContent.trim();
      return (block?.textContent ?? '').replace(own, '').trim().length > 0;
    };
    const small = targets.filter(
      ({ element, rect }) => (rect.width < 24 || rect.height < 24) && !inSentence(element),
    );
    const centre = (rect: DOMRect) => ({ x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 });
    const distanceTo = (point: { x: number; y: number }, rect: DOMRect) =>
      Math.hypot(
        Math.max(rect.left - point.x, 0, point.x - rect.right),
        Math.max(rect.top - point.y, 0, point.y - rect.bottom),
      );
    return small
      .filter(({ element, rect }) => {
        const here = centre(rect);
        const crowdsATarget = targets.some(
          (other) =>
            other.element !== element &&
            !other.element.contains(element) &&
            !element.contains(other.element) &&
            distanceTo(here, other.rect) < 12,
        );
        const crowdsASmallOne = small.some(
          (other) =>
            other.element !== element &&
            Math.hypot(here.x - centre(other.rect).x, here.y - centre(other.rect).y) < 24,
        );
        return crowdsATarget || crowdsASmallOne;
      })
      .map(({ element, rect }) => {
        const name = (element.getAttribute('aria-label') ?? element.textContent).trim().slice(0, 30);
        return `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''} "${name}" ${Math.round(rect.width)}×${Math.round(rect.height)}`;
      });
  });
}

for (const [width, locale] of [
  ['@phone', 'cs'],
  ['@desktop', 'en'],
] as const) {
  test(`every control is big enough or spaced enough to hit (${locale}) ${width}`, async ({ page }) => {
    for (const state of pageStates) {
      await state.open(page, locale);
      expect.soft(await smallTargets(page), `too small and too close: ${state.name}`).toEqual([]);
    }
    // The phone's menu, open.
    const menu = page.locator('.header__menu-button');
    if (await menu.isVisible()) {
      await menu.click();
      await expect(page.locator('#site-menu')).toBeVisible();
      expect.soft(await smallTargets(page), 'too small and too close: the open menu').toEqual([]);
    }
  });
}
