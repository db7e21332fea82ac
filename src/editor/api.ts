import { makeHandler } from '@keystatic/astro/api';
import config from '../../keystatic.config.ts';

// Keystatic's storage API. In local mode it reads and writes the shell files under CONTENT_ROOT
// (the project itself unless set; tests point it at a copy). Who may reach it: src/server/editorAccess.ts.
export const prerender = false;
const root = process.env['CONTENT_ROOT'];
export const ALL = makeHandler(root ? { config, localBaseDirectory: root } : { config });
