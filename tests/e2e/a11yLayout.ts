import type { Page } from '@playwright/test';

/** WCAG 1.4.12's text spacing, as the usual bookmarklet applies it over the page's own styles. */
export const textSpacingCss = `
  * { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; }
  p { margin-bottom: 2em !important; }
`;

/** What does not fit: described elements (tag, class, text), so a failure says where to look. */
export interface LayoutProblems {
  /** The document scrolls sideways: scrollWidth and clientWidth of the root. */
  sideways: { scrollWidth: number; clientWidth: number } | null;
  /** Visible elements reaching past the left or right edge of the viewport (topmost only). */
  outside: string[];
  /** Elements that hide overflow and cut their own text. */
  clipped: string[];
  /** Pairs of text runs drawn over each other. */
  overlapping: string[];
}

/**
 * Measures the page as it is now. Text a screen reader alone gets (visually hidden, 1 px) and
 * whatever is not rendered are left out; with a modal dialog open, only its text counts for
 * overlaps (the page behind it is covered on purpose).
 */
export function layoutProblems(page: Page): Promise<LayoutProblems> {
  return page.evaluate(() => {
    const describe = (element: Element) => {
      const text = element.textContent.replace(/\s+/g, ' ').trim().slice(0, 40);
      return `${element.tagName.toLowerCase()}${element.className && typeof element.className === 'string' ? `.${element.className.trim().split(/\s+/).join('.')}` : ''} "${text}"`;
    };
    const hiddenForEyes = (element: Element) => {
      const rect = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      return (
        rect.width <= 1 ||
        rect.height <= 1 ||
        style.clipPath === 'inset(50%)' ||
        style.getPropertyValue('clip') === 'rect(0px, 0px, 0px, 0px)'
      );
    };
    const shown = (element: Element) =>
      element.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }) &&
      !element.closest('.visually-hidden, .skip-link') &&
      !hiddenForEyes(element);

    const root = document.documentElement;
    const sideways =
      root.scrollWidth > root.clientWidth
        ? { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth }
        : null;

    const all = [...document.body.querySelectorAll('*')].filter(shown);
    const width = root.clientWidth;
    const isOutside = (element: Element) => {
      const rect = element.getBoundingClientRect();
      return rect.right > width + 1 || rect.left < -1;
    };
    const outside = all
      .filter((element) => isOutside(element) && !(element.parentElement && isOutside(element.parentElement)))
      .map(describe);

    const clipped = all
      .filter((element) => {
        const style = getComputedStyle(element);
        const hides = /hidden|clip/.test(`${style.overflowX} ${style.overflowY}`);
        const cut =
          element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1;
        return hides && cut && element.textContent.trim() !== '';
      })
      .map(describe);

    const scope = document.querySelector('dialog[open]') ?? document.body;
    const runs: { node: Element; rect: DOMRect }[] = [];
    const walker = document.createTreeWalker(scope, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || !node.textContent?.trim() || !shown(parent)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const rect of range.getClientRects())
        if (rect.width > 1 && rect.height > 1) runs.push({ node: parent, rect });
    }
    const overlapping: string[] = [];
    for (let a = 0; a < runs.length; a++) {
      for (let b = a + 1; b < runs.length; b++) {
        const [one, two] = [runs[a]!, runs[b]!];
        if (one.node === two.node) continue;
        const across = Math.min(one.rect.right, two.rect.right) - Math.max(one.rect.left, two.rect.left);
        const down = Math.min(one.rect.bottom, two.rect.bottom) - Math.max(one.rect.top, two.rect.top);
        if (across > 2 && down > 2) overlapping.push(`${describe(one.node)} over ${describe(two.node)}`);
      }
    }
    return { sideways, outside, clipped, overlapping };
  });
}
