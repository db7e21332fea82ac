/**
 * What an island sets on a text field once it has taken it over. Until then the field is the
 * browser's own: its events are kept from React (below), and the island reads what it holds when
 * it takes it over (useSenderForm.ts).
 */
export const takenOverAttribute = 'data-taken-over';

/**
 * The events React answers at once, hydrating what they meet in the same task: on a text field
 * it has not taken over yet, each would cost a key hundreds of milliseconds on a slow phone.
 */
const textFieldEvents = [
  'keydown',
  'keypress',
  'keyup',
  'beforeinput',
  'input',
  'textInput',
  'compositionstart',
  'compositionupdate',
  'compositionend',
  'focusin',
  'focusout',
  'pointerdown',
  'pointerup',
  'mousedown',
  'mouseup',
  'click',
  'touchstart',
  'touchend',
  'paste',
  'cut',
  'select',
  'change',
] as const;
const textTypes = new Set(['text', 'email', 'tel', 'search', 'url', 'number', 'password']);

function isTextField(target: EventTarget | null): target is HTMLInputElement | HTMLTextAreaElement {
  if (target instanceof HTMLTextAreaElement) return true;
  return target instanceof HTMLInputElement && textTypes.has(target.type);
}

/**
 * Keeps the events of the server's text fields in `island` away from React until the island has
 * taken each over: the browser still types into the field (nothing is prevented), and the island
 * reads what the field holds when it takes it over. React so hydrates in its own small steps,
 * between keys, instead of all at once inside a key. Called before React listens on the island,
 * so this listener comes first; fields the island makes itself (the country list's) are its own.
 */
export function leaveTextFieldsToTheBrowser(island: Element): void {
  const serverFields = new WeakSet(island.querySelectorAll('input, textarea'));
  const guard = (event: Event) => {
    const target = event.target;
    if (isTextField(target) && serverFields.has(target) && !target.hasAttribute(takenOverAttribute))
      event.stopImmediatePropagation();
  };
  for (const type of textFieldEvents) island.addEventListener(type, guard, { capture: true });
}
