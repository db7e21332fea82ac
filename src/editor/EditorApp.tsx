import { makePage } from '@keystatic/astro/ui';
import config from '../../keystatic.config.ts';

/** Keystatic's single-page editor over keystatic.config.ts; only /keystatic loads it. */
export const EditorApp = makePage(config);
