/**
 * The JavaScript a page loads, found as scripts/measure-js.ts finds it (that file runs as a
 * script and exports nothing, so the rules are repeated here): inline scripts; the island,
 * renderer and preloaded modules with everything they import statically ("initial"); and the
 * chunks reachable only through `import()` ("on interaction").
 */
export interface PageScripts {
  inline: string;
  initial: string[];
  lazy: string[];
}

const inlineScript = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g;
const entryPatterns = [/<script[^>]*\bsrc="([^"]+)"/g, /\b(?:component|renderer)-url="([^"]+)"/g];
const dynamicImport = /import\(\s*["'`]([^"'`]+)["'`]\s*\)/g;
const staticImport = /(?:^|[;}\s])(?:import|export)\s*(?:[\w*{}\s,$]*?from\s*)?["'](\.{1,2}\/[^"']+)["']/g;

/** Inline script text and module entry URLs of one HTML page. */
export function scriptsOf(html: string): { inline: string; entries: string[] } {
  const inline = [...html.matchAll(inlineScript)].map((m) => m[1] ?? '').join('\n');
  const entries = [
    ...entryPatterns.flatMap((pattern) => [...html.matchAll(pattern)].map((m) => m[1] ?? '')),
    ...linkHrefs(html, 'modulepreload'),
  ];
  return { inline, entries: [...new Set(entries)] };
}

function importsOf(code: string, url: string): { staticUrls: string[]; dynamicUrls: string[] } {
  const resolve = (spec: string) => new URL(spec, `http://site${url}`).pathname;
  return {
    staticUrls: [...code.matchAll(staticImport)].map((m) => resolve(m[1] ?? '')),
    dynamicUrls: [...code.matchAll(dynamicImport)].map((m) => resolve(m[1] ?? '')),
  };
}

/** Walks the module graph from a page's entries; `load` gives a module's source by its site path. */
export async function pageScripts(
  html: string,
  load: (path: string) => Promise<string>,
): Promise<PageScripts> {
  const { inline, entries } = scriptsOf(html);
  const initial = new Set<string>();
  const dynamic = new Set<string>();
  const queue = [...entries];
  for (let url = queue.pop(); url !== undefined; url = queue.pop()) {
    if (initial.has(url)) continue;
    initial.add(url);
    const { staticUrls, dynamicUrls } = importsOf(await load(url), url);
    queue.push(...staticUrls);
    for (const each of dynamicUrls) dynamic.add(each);
  }
  const lazy = new Set<string>();
  const lazyQueue = [...dynamic];
  for (let url = lazyQueue.pop(); url !== undefined; url = lazyQueue.pop()) {
    if (initial.has(url) || lazy.has(url)) continue;
    lazy.add(url);
    const { staticUrls, dynamicUrls } = importsOf(await load(url), url);
    lazyQueue.push(...staticUrls, ...dynamicUrls);
  }
  return { inline, initial: [...initial], lazy: [...lazy] };
}

/** Inline `<style>` text and linked stylesheet URLs of one HTML page. */
export function stylesOf(html: string): { inline: string; links: string[] } {
  const inline = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1] ?? '').join('\n');
  return { inline, links: linkHrefs(html, 'stylesheet') };
}

/** Other files the page requests at load: its icons. */
export function iconsOf(html: string): string[] {
  return [...linkHrefs(html, 'icon'), ...linkHrefs(html, 'apple-touch-icon')];
}

/** The href of every `<link>` with this rel, whatever the order of its attributes. */
function linkHrefs(html: string, rel: string): string[] {
  return [...html.matchAll(/<link\b[^>]*>/g)]
    .map((m) => m[0])
    .filter((tag) => new RegExp(`\\brel=["']?${rel}["'\\s>]`).test(tag))
    .map((tag) => /\bhref=["']?([^"'\s>]+)/.exec(tag)?.[1] ?? '')
    .filter(Boolean);
}
