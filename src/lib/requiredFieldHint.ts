/**
 * Spec §5: the title of a required text field, in the culture's language. The spec gives Czech,
 * Hungarian and Polish wording and English for any other culture, Slovak (sk-SK) included.
 */
const hints: Record<string, string> = {
  cs: 'Vyplňte prosím toto pole.',
  hu: 'Kérjük, töltse ki ezt a mezőt.',
  pl: 'Wypełnij to pole.',
};

const fallbackHint = 'Please fill in this field.';

/** The required-field hint for a culture string such as `cs-CZ`, `hu-HU` or `pl`. */
export function requiredFieldHint(culture: string): string {
  const language = culture.split(/[-_]/)[0]?.toLowerCase() ?? '';
  return hints[language] ?? fallbackHint;
}
