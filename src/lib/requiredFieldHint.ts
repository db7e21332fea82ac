/**
 * Spec §5: the title of a required text field, in the culture's language. The spec gives Czech,
 * Hungarian and Polish wording and English for any other culture; Slovak, a language the site
 * speaks, has its own (docs/decisions/036-native-texts-and-glossaries.md): a screen reader says
 * the hint on every required field, and an English one in a Slovak form reads as a defect.
 */
const hints: Record<string, string> = {
  cs: 'Vyplňte prosím toto pole.',
  hu: 'Kérjük, töltse ki ezt a mezőt.',
  pl: 'Wypełnij to pole.',
  sk: 'Vyplňte, prosím, toto pole.',
};

const fallbackHint = 'Please fill in this field.';

/** The required-field hint for a culture string such as `cs-CZ`, `hu-HU` or `pl`. */
export function requiredFieldHint(culture: string): string {
  const language = culture.split(/[-_]/)[0]?.toLowerCase() ?? '';
  return hints[language] ?? fallbackHint;
}
