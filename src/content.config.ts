import { resolve } from 'node:path';
import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { shellSchema } from './content/schema.ts';

// One JSON file per locale; the entry id is the locale (cs, en). CONTENT_ROOT builds from the shell
// files of another checkout (the editor's tests build from a copy); unset, from this project.
const root = process.env['CONTENT_ROOT'];
const shell = defineCollection({
  loader: glob({
    pattern: '*.json',
    base: root ? resolve(root, 'src/content/shell') : './src/content/shell',
  }),
  schema: shellSchema,
});

export const collections = { shell };
