import { emptySenderForm, type SenderFormValues } from '../../lib/senderForm.ts';

const isField = (name: string): name is keyof SenderFormValues => name in emptySenderForm;

/**
 * What the sender changed in the server-rendered form before the island took it over: each
 * control whose state differs from the one the page arrived with. Read at the island's first
 * render, before React sets the radios and the list to its state, and again after its first
 * commit for the text fields, which stay the browser's own; the island puts these back over its
 * defaults and any stored draft, so nothing typed early or while it took over is lost.
 */
export function typedBeforeHydration(): Partial<SenderFormValues> {
  if (typeof document === 'undefined') return {};
  const form = document.querySelector<HTMLFormElement>('form.return-form');
  const changed: Record<string, string | boolean> = {};
  for (const element of Array.from(form?.elements ?? [])) {
    if (element instanceof HTMLSelectElement && isField(element.name)) {
      if (element.selectedOptions[0]?.defaultSelected === false) changed[element.name] = element.value;
    }
    if (!(element instanceof HTMLInputElement) || !isField(element.name)) continue;
    if (element.type === 'radio') {
      if (element.checked && !element.defaultChecked) changed[element.name] = element.value;
    } else if (element.type === 'checkbox') {
      if (element.checked !== element.defaultChecked) changed[element.name] = element.checked;
    } else if (element.value !== element.defaultValue) {
      changed[element.name] = element.value;
    }
  }
  return changed as Partial<SenderFormValues>;
}
