import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { shellSchema } from './content/schema.ts';

// One JSON file per locale; the entry id is the locale (cs, en).
const shell = defineCollection({
  loader: glob({ pattern: '*.json', base: './src/content/shell' }),
  schema: shellSchema,
});

export const collections = { shell };
