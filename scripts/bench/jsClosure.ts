/**
 * The JavaScript a page loads, by when: inline scripts and the modules the page starts with
 * everything they import statically ("initial": `<script src>`, module preloads, and islands that
 * hydrate by themselves); the island modules that wait for the sender (`client="intent"`,
 * src/islands/intentDirective.ts) with their static imports ("takeover": fetched at the first
 * interaction); and the chunks reachable only through `import()` ("lazy").
 */
export interface PageScripts {
  inline: string;
  initial: string[];
  takeover: string[];
  lazy: string[];
}

const inlineScript = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g;
const dynamicImport = /import\(\s*["'`]([^"'`]+)["'`]\s*\)/g;
const staticImport = /(?:^|[;}\s])(?:import|export)\s*(?:[\w*{}\s,$]*?from\s*)?["'](\.{1,2}\/[^"']+)["']/g;
const attribute = (tag: string, name: string) => new RegExp(`\\b${name}="([^"]+)"`).exec(tag)?.[1];

/** Inline script text, the module URLs the page starts with, and those that wait for an interaction. */
export function scriptsOf(html: string): { inline: string; entries: string[]; onIntent: string[] } {
  const inline = [...html.matchAll(inlineScript)].map((m) => m[1] ?? '').join('\n');
  const entries = [
    ...[...html.matchAll(/<script[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1] ?? ''),
    ...linkHrefs(html, 'modulepreload'),
  ];
  const onIntent: string[] = [];
  for (const [tag] of html.matchAll(/<astro-island\b[^>]*>/g)) {
    const urls = [attribute(tag, 'component-url'), attribute(tag, 'renderer-url')].filter(
      (url): url is string => url !== undefined,
    );
    (attribute(tag, 'client') === 'intent' ? onIntent : entries).push(...urls);
  }
  return { inline, entries: [...new Set(entries)], onIntent: [...new Set(onIntent)] };
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
  const { inline, entries, onIntent } = scriptsOf(html);
  const dynamic = new Set<string>();
  /**
   * The modules reachable from `from` by static imports (and dynamic ones too when `lazy`), leaving
   * out those in `known`; the dynamic imports not followed are kept for the lazy walk.
   */
  const reach = async (from: Iterable<string>, known: ReadonlySet<string>, lazy: boolean) => {
    const found = new Set<string>();
    const queue = [...from];
    for (let url = queue.pop(); url !== undefined; url = queue.pop()) {
      if (known.has(url) || found.has(url)) continue;
      found.add(url);
      const { staticUrls, dynamicUrls } = importsOf(await load(url), url);
      queue.push(...staticUrls);
      if (lazy) queue.push(...dynamicUrls);
      else for (const each of dynamicUrls) dynamic.add(each);
    }
    return found;
  };
  const initial = await reach(entries, new Set(), false);
  const takeover = await reach(onIntent, initial, false);
  const lazy = await reach(dynamic, new Set([...initial, ...takeover]), true);
  return { inline, initial: [...initial], takeover: [...takeover], lazy: [...lazy] };
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
