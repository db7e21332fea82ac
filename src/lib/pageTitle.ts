/**
 * A page's title as the browser's tab, history and a screen reader's first words say it: the
 * page's heading without its closing full stop (the error page's heading is the sentence 'An
 * error has occurred.', its title 'An error has occurred | Parcelo'). An ellipsis stays.
 */
export function titleOf(heading: string): string {
  const text = heading.trim();
  return /[^.]\.$/.test(text) ? text.slice(0, -1) : text;
}
