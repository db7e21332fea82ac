/** `text` as a pattern that matches it literally, for patterns built from the site's own texts. */
export const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
