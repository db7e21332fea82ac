/**
 * What an island sets on a text field once it has taken it over. Until then the field is the
 * browser's own: `client:intent` keeps its events away from React (intentDirective.ts), and the
 * island reads what it holds when it takes it over (useSenderForm.ts).
 */
export const takenOverAttribute = 'data-taken-over';
