import type { Locator, Page } from '@playwright/test';
import jsQR from 'jsqr';

/**
 * Checks of a page under forced colours (Windows High Contrast and the like) that do not look at
 * pixels: the computed colours the browser forced, compared with the system's Canvas colour
 * (what the page's background became). Each returns what is wrong, described; empty is good.
 */

/** Controls whose edge is drawn in the Canvas colour (or not at all), so they vanish. */
export function invisibleControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const probe = document.body.appendChild(document.createElement('div'));
    probe.style.background = 'Canvas';
    const canvas = getComputedStyle(probe).backgroundColor;
    probe.remove();
    const seen = (color: string) => color !== canvas && !/^rgba\(.*, 0\)$|^transparent$/.test(color);
    const controls = document.querySelectorAll<HTMLElement>(
      'main input:not([type=hidden]), main select, main textarea, main button, dialog button',
    );
    return [...controls]
      .filter((control) => control.checkVisibility() && control.getBoundingClientRect().width > 1)
      .filter((control) => {
        const style = getComputedStyle(control);
        // Radios and checkboxes the browser draws itself stay in system colours.
        if (/^(radio|checkbox)$/.test((control as HTMLInputElement).type) && style.appearance !== 'none')
          return false;
        const edge =
          style.borderTopStyle !== 'none' &&
          parseFloat(style.borderTopWidth) >= 1 &&
          seen(style.borderTopColor);
        return !edge && !seen(style.backgroundColor);
      })
      .map((control) => `${control.tagName.toLowerCase()}#${control.id} "${control.textContent.trim()}"`);
  });
}

/** The chosen radio card's edge and outline, next to an unchosen one's in the same group. */
export function choiceCardEdges(page: Page): Promise<{ chosen: string; other: string }[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('fieldset.choices')].map((group) => {
      const edge = (card: Element | undefined) => {
        if (!card) return 'none';
        const style = getComputedStyle(card);
        const outline =
          style.outlineStyle === 'none' ? 'no outline' : `${style.outlineWidth} ${style.outlineColor}`;
        return `${style.borderTopWidth} ${style.borderTopColor}, ${outline}`;
      };
      const cards = [...group.querySelectorAll('.choice')];
      return {
        chosen: edge(cards.find((card) => card.querySelector('input:checked'))),
        other: edge(cards.find((card) => !card.querySelector('input:checked'))),
      };
    }),
  );
}

/**
 * What is wrong with the focus ring of the focused element now (missing, thinner than 2 px, in
 * the Canvas colour), or null; and whether the focus is on `last` (a CSS selector).
 */
async function focusRing(
  last: string,
): Promise<{ problem: string | null; atLast: boolean; nativeCountry: boolean }> {
  // The list's box takes its focused look a render after the focus.
  await new Promise(requestAnimationFrame);
  await new Promise(requestAnimationFrame);
  const focused = document.activeElement;
  const atLast = focused?.matches(last) ?? false;
  const nativeCountry = focused?.matches('select#country') ?? false;
  if (!focused || focused === document.body) return { problem: null, atLast, nativeCountry };
  // A radio card draws the ring around the whole card, the searchable list around its box
  // (which moves into its focused look with a transition).
  const ring = focused.closest('.choice, .country__control') ?? focused;
  await Promise.all(ring.getAnimations().map((animation) => animation.finished));
  const style = getComputedStyle(ring);
  const probe = document.body.appendChild(document.createElement('div'));
  probe.style.background = 'Canvas';
  const canvas = getComputedStyle(probe).backgroundColor;
  probe.remove();
  const visible =
    style.outlineStyle !== 'none' &&
    parseFloat(style.outlineWidth) >= 2 &&
    style.outlineColor !== canvas &&
    !/^rgba\(.*, 0\)$|^transparent$/.test(style.outlineColor);
  const name = `${focused.tagName.toLowerCase()}#${focused.id} "${focused.textContent.trim().slice(0, 30)}"`;
  const problem = visible
    ? null
    : `${name}: outline ${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}`;
  return { problem, atLast, nativeCountry };
}

/** The focus ring of the focused element now: what is wrong with it, or null. */
export async function focusRingProblem(page: Page): Promise<string | null> {
  return (await page.evaluate(focusRing, ':root')).problem;
}

/**
 * Presses Tab from where the focus is until `last` (a CSS selector) has it, checking the focus
 * ring at every stop; returns what is wrong. The native country list turns into the searchable
 * one when it gets the focus: that one's ring is the one checked.
 */
export async function focusRingsUpTo(page: Page, last: string, max = 60): Promise<string[]> {
  const problems: string[] = [];
  for (let presses = 0; presses < max; presses++) {
    await page.keyboard.press('Tab');
    let stop = await page.evaluate(focusRing, last);
    if (stop.nativeCountry) {
      await page.locator('input#country').waitFor({ state: 'attached' });
      await page.waitForFunction(() => document.activeElement?.matches('input#country'));
      stop = await page.evaluate(focusRing, last);
    }
    if (stop.problem) problems.push(stop.problem);
    if (stop.atLast) return problems;
  }
  throw new Error(`Tab never reached ${last}`);
}

/** Icons (inline SVG) none of whose shapes is painted in a colour other than Canvas. */
export function invisibleIcons(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const probe = document.body.appendChild(document.createElement('div'));
    probe.style.background = 'Canvas';
    const canvas = getComputedStyle(probe).backgroundColor;
    probe.remove();
    const painted = (paint: string) =>
      paint !== 'none' && paint !== canvas && !/^rgba\(.*, 0\)$|^transparent$/.test(paint);
    return [...document.querySelectorAll('svg')]
      .filter((svg) => svg.checkVisibility() && svg.getBoundingClientRect().width > 1)
      .filter((svg) =>
        [...svg.querySelectorAll('path, rect, circle, polygon, line')].every((shape) => {
          const style = getComputedStyle(shape);
          return !painted(style.fill) && !painted(style.stroke);
        }),
      )
      .map((svg) => `svg in ${svg.parentElement?.className ?? '?'}`);
  });
}

/**
 * Reads the QR code from the pixels the browser shows (a screenshot of the element, decoded in
 * a blank tab), accepting only dark modules on a light ground, as a counter's scanner expects.
 */
export async function scanShownQr(image: Locator): Promise<string | undefined> {
  const png = (await image.screenshot({ scale: 'css' })).toString('base64');
  const blank = await image.page().context().newPage();
  try {
    // One character a pixel, '1' for dark: a short answer from the tab.
    const { width, height, dark } = await blank.evaluate(async (source) => {
      const img = new Image();
      img.src = `data:image/png;base64,${source}`;
      await img.decode();
      const canvas = Object.assign(document.createElement('canvas'), {
        width: img.width,
        height: img.height,
      });
      const context = canvas.getContext('2d');
      context?.drawImage(img, 0, 0);
      const data = context?.getImageData(0, 0, img.width, img.height).data ?? new Uint8ClampedArray();
      let bits = '';
      for (let at = 0; at < data.length; at += 4)
        bits += (data[at] ?? 0) + (data[at + 1] ?? 0) + (data[at + 2] ?? 0) < 384 ? '1' : '0';
      return { width: img.width, height: img.height, dark: bits };
    }, png);
    const pixels = new Uint8ClampedArray(width * height * 4).fill(255);
    for (let i = 0; i < dark.length; i++) if (dark[i] === '1') pixels.fill(0, i * 4, i * 4 + 3);
    return jsQR(pixels, width, height, { inversionAttempts: 'dontInvert' })?.data;
  } finally {
    await blank.close();
  }
}
