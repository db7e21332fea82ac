type Dictionary = { readonly [key: string]: string | Dictionary };

function keyPaths(dictionary: Dictionary, prefix = ''): string[] {
  return Object.entries(dictionary).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keyPaths(value, `${prefix}${key}.`),
  );
}

/** The keys one dictionary has and the other lacks, both ways, as dotted paths. */
export function dictionaryDifferences(
  base: Dictionary,
  other: Dictionary,
): { missing: string[]; extra: string[] } {
  const baseKeys = new Set(keyPaths(base));
  const otherKeys = new Set(keyPaths(other));
  return {
    missing: [...baseKeys].filter((key) => !otherKeys.has(key)),
    extra: [...otherKeys].filter((key) => !baseKeys.has(key)),
  };
}

/** Throws, naming every key, when a dictionary does not have exactly the base's keys. */
export function assertParity(base: Dictionary, dictionaries: Record<string, Dictionary>): void {
  const problems = Object.entries(dictionaries).flatMap(([locale, dictionary]) => {
    const { missing, extra } = dictionaryDifferences(base, dictionary);
    return [
      ...missing.map((key) => `${locale}: missing key ${key}`),
      ...extra.map((key) => `${locale}: unknown key ${key}`),
    ];
  });
  if (problems.length > 0) {
    throw new Error(`Translation dictionaries differ from the base locale:\n${problems.join('\n')}`);
  }
}

/**
 * Throws unless the site's locales (src/lib/locales.ts) and the dictionaries (src/i18n/<locale>/,
 * listed by `npm run i18n`) are the same languages.
 */
export function assertLocalesHaveDictionaries(
  site: readonly string[],
  dictionaries: readonly string[],
): void {
  const missing = site.filter((locale) => !dictionaries.includes(locale));
  const extra = dictionaries.filter((locale) => !site.includes(locale));
  if (missing.length > 0 || extra.length > 0) {
    throw new Error(
      [
        ...missing.map(
          (locale) => `${locale}: no dictionary; add src/i18n/${locale}/index.ts and run npm run i18n`,
        ),
        ...extra.map((locale) => `${locale}: a dictionary of no locale; add it to src/lib/locales.ts`),
      ].join('\n'),
    );
  }
}
