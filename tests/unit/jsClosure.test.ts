import { describe, expect, it } from 'vitest';
import { pageScripts } from '../../scripts/bench/jsClosure.ts';

/** A module graph as the build writes it: each file's source by its site path. */
const modules: Record<string, string> = {
  '/_astro/Form.js': 'import{a}from"./react.js";const s=()=>import("./Schema.js");export default a;',
  '/_astro/client.js': 'import{a}from"./react.js";export default a;',
  '/_astro/react.js': 'export const a=1;',
  '/_astro/Schema.js': 'import"./zod.js";export const s=1;',
  '/_astro/zod.js': 'export const z=1;',
  '/_astro/Banner.js': 'import"./react.js";export default 1;',
};
const load = async (path: string) => {
  const source = modules[path];
  if (source === undefined) throw new Error(`no module ${path}`);
  return source;
};
const island = (component: string, client: string) =>
  `<astro-island uid="1" component-url="/_astro/${component}.js" renderer-url="/_astro/client.js" client="${client}" props="{}"></astro-island>`;

describe('the JavaScript a page loads, by when', () => {
  it('counts an island that waits for the sender at the first interaction, not before it', async () => {
    const html = `<script>self.Astro={}</script>${island('Form', 'intent')}`;
    const scripts = await pageScripts(html, load);
    expect(scripts.inline).toBe('self.Astro={}');
    expect(scripts.initial).toEqual([]);
    expect(scripts.takeover.sort()).toEqual(['/_astro/Form.js', '/_astro/client.js', '/_astro/react.js']);
    expect(scripts.lazy.sort()).toEqual(['/_astro/Schema.js', '/_astro/zod.js']);
  });

  it('counts an island that hydrates by itself with the page, and what the other shares with it once', async () => {
    const html = `${island('Banner', 'load')}${island('Form', 'intent')}`;
    const scripts = await pageScripts(html, load);
    expect(scripts.initial.sort()).toEqual(['/_astro/Banner.js', '/_astro/client.js', '/_astro/react.js']);
    expect(scripts.takeover).toEqual(['/_astro/Form.js']);
  });
});
