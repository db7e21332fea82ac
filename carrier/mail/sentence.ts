/**
 * Ends a sentence that closes on a value from outside (a shop's or a sender's name): with its
 * full stop, unless the value already ends in one or in another closing mark, so "Moda s.r.o."
 * ends the sentence once and not as "Moda s.r.o..".
 */
export function sentence(text: string): string {
  return /[.!?…]$/.test(text.trimEnd()) ? text.trimEnd() : `${text}.`;
}
