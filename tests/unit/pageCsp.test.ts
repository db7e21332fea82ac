import { scriptHash } from '../../src/lib/scriptHash.ts';
import { describe, expect, it } from 'vitest';
import { withOwnScriptHashes as withOwnHashes } from '../../src/server/securityHeaders.ts';

/** The middleware hands the page over as the bytes it sends. */
const withOwnScriptHashes = (csp: string, html: string) => withOwnHashes(csp, new TextEncoder().encode(html));

const hashOf = (script: string) => `'${scriptHash(script)}'`;
const island = 'customElements.define("astro-island",class{})';
const directive = '(()=>{window.Astro.load=1})()';
const policy =
  "default-src 'self';img-src 'self' data:; script-src 'self' " +
  `${hashOf(island)} ${hashOf(directive)} ${hashOf('unused()')}; style-src 'self' 'unsafe-inline'`;

describe("a page's policy allows exactly its own inline scripts", () => {
  it('keeps the hashes of the scripts in the page and drops the others', () => {
    const html = `<head><script>${island}</script><script type="module" src="/_astro/a.js"></script></head>`;
    const csp = withOwnScriptHashes(policy, html);
    expect(csp).toContain(`script-src 'self' ${hashOf(island)};`);
    expect(csp).not.toContain(hashOf(directive));
    expect(csp).not.toContain(hashOf('unused()'));
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp.startsWith("default-src 'self';img-src 'self' data:;")).toBe(true);
  });

  it("leaves a page without inline scripts only 'self'", () => {
    expect(withOwnScriptHashes(policy, '<p>Not found</p>')).toContain("script-src 'self';");
  });

  it('hashes a script with attributes and non-ASCII text as the browser does', () => {
    const script = 'document.title="Vrácení zásilky"';
    const csp = withOwnScriptHashes(
      `script-src 'self' ${hashOf(script)} ${hashOf(island)}`,
      `<script data-x="1">${script}</script>`,
    );
    expect(csp.trim()).toBe(`script-src 'self' ${hashOf(script)}`);
  });

  it('hashes every page’s own scripts after the memo of known ones is full', () => {
    // More distinct scripts than the memo keeps: the last ones are hashed each time, never dropped.
    const scripts = Array.from({ length: 40 }, (_, index) => `window.n=${index}`);
    for (const script of scripts)
      withOwnScriptHashes(`script-src 'self' ${hashOf(script)}`, `<script>${script}</script>`);
    const last = scripts.at(-1) ?? '';
    const csp = withOwnScriptHashes(
      `script-src 'self' ${hashOf(last)} ${hashOf(island)}`,
      `<script>${last}</script>`,
    );
    expect(csp.trim()).toBe(`script-src 'self' ${hashOf(last)}`);
  });
});

describe('the inline scripts are found in the page’s bytes as HTML reads them', () => {
  const island = 'customElements.define("astro-island",class{})';
  const other = 'window.other=1';
  const policy = `script-src 'self' ${hashOf(island)} ${hashOf(other)}`;
  const kept = (html: string) => withOwnScriptHashes(policy, html).trim();

  it('finds a tag in any case, with attributes, next to other tags and text of every script', () => {
    expect(kept(`<p>Vrácení</p><SCRIPT type="module">${island}</Script><p>č</p>`)).toBe(
      `script-src 'self' ${hashOf(island)}`,
    );
    expect(kept(`<script>${island}</script><script>${other}</script>`)).toBe(
      `script-src 'self' ${hashOf(island)} ${hashOf(other)}`,
    );
  });

  it('counts no external script, and no tag that only begins like a script', () => {
    expect(kept(`<script src="/a.js">${island}</script><scripts>${other}</scripts>`)).toBe(
      "script-src 'self'",
    );
    expect(kept(`<script type="module" SRC = "/a.js"></script>`)).toBe("script-src 'self'");
  });

  it('keeps a script whose text holds markup, up to its closing tag', () => {
    const markup = 'document.body.insertAdjacentHTML("beforeend","<p>x</p>")';
    expect(withOwnScriptHashes(`script-src ${hashOf(markup)}`, `<script>${markup}</script>`).trim()).toBe(
      `script-src ${hashOf(markup)}`,
    );
  });

  it('hashes a script’s own text as UTF-8, with Czech before it and in it', () => {
    const czech = 'window.title="Vrácení zásilky"';
    expect(
      withOwnScriptHashes(`script-src ${hashOf(czech)}`, `<p>Přílohy</p><script>${czech}</script>`).trim(),
    ).toBe(`script-src ${hashOf(czech)}`);
  });

  it('allows no hash for a script never closed or a tag never ended', () => {
    expect(kept(`<script>${island}`)).toBe("script-src 'self'");
    expect(kept('<script')).toBe("script-src 'self'");
  });
});
