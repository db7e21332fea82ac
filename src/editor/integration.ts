import type { AstroIntegration } from 'astro';

/**
 * Mounts the Keystatic editor: the page at /keystatic and its API at /api/keystatic, both on demand.
 * It does what @keystatic/astro's own integration does, except that the API is ours (api.ts), so the
 * folder it saves into can be set (CONTENT_ROOT), and it prints where the editor is.
 */
export function contentEditor(): AstroIntegration {
  return {
    name: 'content-editor',
    hooks: {
      'astro:config:setup': ({ injectRoute, updateConfig }) => {
        updateConfig({
          vite: {
            plugins: [
              {
                name: 'keystatic-config',
                resolveId(id) {
                  return id === 'virtual:keystatic-config' ? this.resolve('/keystatic.config.ts') : null;
                },
              },
            ],
            optimizeDeps: { entries: ['keystatic.config.ts'], include: ['@keystatic/core/ui'] },
          },
        });
        injectRoute({
          pattern: '/keystatic/[...params]',
          entrypoint: '@keystatic/astro/internal/keystatic-astro-page.astro',
          prerender: false,
        });
        injectRoute({
          pattern: '/api/keystatic/[...params]',
          entrypoint: './src/editor/api.ts',
          prerender: false,
        });
      },
      'astro:server:start': ({ address, logger }) => {
        const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
        logger.info(`Content editor: http://${host}:${address.port}/keystatic`);
      },
    },
  };
}
