import type { AstroIntegration } from 'astro';
import { listeningUrl } from '../lib/listeningUrl.ts';

/**
 * Mounts the Keystatic editor: the page at /keystatic and its API at /api/keystatic, both on demand.
 * It does what @keystatic/astro's own integration does, except that the page and the API are ours
 * (EditorPage.astro, api.ts): the page's policy admits Keystatic's font, the API's folder can be
 * set (CONTENT_ROOT), and it prints where the editor is.
 */
export function contentEditor(): AstroIntegration {
  return {
    name: 'content-editor',
    hooks: {
      'astro:config:setup': ({ injectRoute, updateConfig }) => {
        updateConfig({
          vite: {
            optimizeDeps: { entries: ['keystatic.config.ts'], include: ['@keystatic/core/ui'] },
          },
        });
        injectRoute({
          pattern: '/keystatic/[...params]',
          entrypoint: './src/editor/EditorPage.astro',
          prerender: false,
        });
        injectRoute({
          pattern: '/api/keystatic/[...params]',
          entrypoint: './src/editor/api.ts',
          prerender: false,
        });
      },
      'astro:server:start': ({ address, logger }) => {
        logger.info(`Content editor: ${listeningUrl(address)}/keystatic`);
      },
    },
  };
}
