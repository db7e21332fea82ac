import type { ClientDirective } from 'astro';

/**
 * `client:afterpaint`: hydrates like `client:idle`, but only once the browser has reported the
 * page's first contentful paint. The form works as plain HTML from that paint on, so nothing
 * waits for the island; what the wait buys is that the island's scripts never compete with the
 * page's own bytes and first frame, even on a fast machine where the browser goes idle before
 * that frame reaches the screen. A browser without paint timing, or one that never reports it
 * (a tab that stays in the background), hydrates at the first idle moment after a few seconds.
 */
const afterPaint: ClientDirective = (load) => {
  let started = false;
  const hydrate = () => {
    if (started) return;
    started = true;
    const run = async () => {
      const hydrator = await load();
      await hydrator();
    };
    if ('requestIdleCallback' in window) window.requestIdleCallback(() => void run());
    else setTimeout(() => void run(), 200);
  };
  const fallback = setTimeout(hydrate, 3000);
  try {
    if (!PerformanceObserver.supportedEntryTypes.includes('paint')) throw new Error('no paint timing');
    const observer = new PerformanceObserver((entries) => {
      if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      clearTimeout(fallback);
      hydrate();
    });
    observer.observe({ type: 'paint', buffered: true });
  } catch {
    clearTimeout(fallback);
    hydrate();
  }
};

export default afterPaint;

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate once the first contentful paint is reported, then when idle (this file). */
    'client:afterpaint'?: boolean;
  }
}
