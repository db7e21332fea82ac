import type cs from '../../i18n/cs/index.ts';
import type { ShellContent } from '../../content/schema.ts';

/** The form's texts, as the page passes them: the `form` group of the page's dictionary. */
export type FormStrings = { [K in keyof typeof cs.form]: string };

/** The editor-owned links the form shows. */
export type FormLinks = ShellContent['links'];

/** Fills `{name}` placeholders of a dictionary text. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => String(values[name] ?? whole));
}
