/**
 * Spec §5: the title of a required text field, in the culture's language.
 * Hungarian and Polish have their own wording although the site has no such locale,
 * because the form follows the culture it is given.
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
