/**
 * Puts the styles of a part the island loads later (the success screen, the paid-service dialog)
 * into the page when its code arrives. Imported as CSS, they would be in every form page's inline
 * styles, which must fit the page's first round trip with it.
 */
export function addLateStyles(css: string): void {
  if (typeof document === 'undefined') return;
  const style = document.createElement('style');
  style.textContent = css;
  document.head.append(style);
}
