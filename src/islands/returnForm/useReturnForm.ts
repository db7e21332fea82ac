import { useCallback, useEffect, useRef, useState } from 'react';
import { useForm, type FieldErrors as FormErrors, type Resolver } from 'react-hook-form';
import { emptySenderForm, type PostedFormState, type SenderFormValues } from '../../lib/senderForm.ts';
import { readDraft, saveDraft, startAnotherIfAsked } from './draft.ts';

export type FieldName = keyof SenderFormValues;
type Control = HTMLInputElement | HTMLSelectElement;

/** zod and the schema load at the first check: taking the page over never needs them. */
const resolver: Resolver<SenderFormValues> = async (...args) =>
  (await import('./schemaResolver.ts')).schemaResolver(...args);

/** What the sender changed in a server-rendered control before the island took it over. */
function typedInto(control: Control): string | boolean | undefined {
  if (control instanceof HTMLSelectElement)
    return control.selectedOptions[0]?.defaultSelected === false ? control.value : undefined;
  if (control.type === 'radio') return control.checked && !control.defaultChecked ? control.value : undefined;
  if (control.type === 'checkbox')
    return control.checked === control.defaultChecked ? undefined : control.checked;
  return control.value === control.defaultValue ? undefined : control.value;
}

/** A posted form's messages as the form's own errors, so both show and clear the same way. */
function serverErrors(posted: PostedFormState | undefined): FormErrors<SenderFormValues> {
  const entries = Object.entries(posted?.errors ?? {});
  return Object.fromEntries(entries.map(([name, message]) => [name, { type: 'server', message }]));
}

/**
 * The sender form on react-hook-form, over the server's HTML form. Its fields stay uncontrolled,
 * registered as the island takes them over: what the sender typed or chose before is kept (read
 * when each is registered), the draft of this link then fills the untouched ones,
 * and every change after goes into the draft. A form the server sent back brings its values and
 * messages, newer than any draft. Messages appear on a send, then per field as it changes; the
 * first field in error takes the focus once its message is in the page.
 */
export function useReturnForm(token: string, posted: PostedFormState | undefined) {
  const defaults = posted?.values ?? emptySenderForm;
  const [errors] = useState(() => serverErrors(posted));
  const form = useForm<SenderFormValues>({
    defaultValues: defaults,
    errors,
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: false,
  });
  const { register, setValue, getValues, reset, subscribe, formState } = form;
  const [seen] = useState(() => new WeakSet<Control>());
  const typedEarly = useRef(false);

  /** register() for a server-rendered control: the first time it is met, what it holds wins. */
  const field = (name: FieldName) => {
    const registration = register(name);
    return {
      ...registration,
      ref: (control: Control | null) => {
        const typed = control && !seen.has(control) ? typedInto(control) : undefined;
        if (control) seen.add(control);
        registration.ref(control);
        if (typed === undefined) return;
        typedEarly.current = true;
        // The library keeps an early edit of a text field, a box or the list; of a radio it does not.
        if (getValues(name) !== typed) setValue(name, typed as never, { shouldDirty: true });
      },
    };
  };

  /** A value chosen outside an input (the searchable list, a suggestion, a forced choice). */
  const { isSubmitted } = formState;
  const choose = useCallback(
    <N extends FieldName>(name: N, value: SenderFormValues[N]) =>
      setValue(name, value as never, { shouldDirty: true, shouldValidate: isSubmitted }),
    [setValue, isSubmitted],
  );

  useEffect(() => {
    // The draft fills what the sender has not touched; all of it is told to the watchers at once,
    // which began listening after the fields took the sender's early values.
    startAnotherIfAsked(token);
    const draft = Object.entries((!posted && readDraft(token)) || {}) as [FieldName, string][];
    const untouched = draft.filter(([name]) => getValues(name) === defaults[name]);
    // Kept as the draft only when there is something to keep: an empty draft would make every later
    // load of the link hydrate at once, as a page left half-way does.
    if (typedEarly.current || untouched.length > 0) {
      const next = { ...getValues(), ...Object.fromEntries(untouched) };
      reset(next, { keepDefaultValues: true, keepErrors: true, keepFieldsRef: true });
      saveDraft(token, next);
    }
    return subscribe({ formState: { values: true }, callback: ({ values }) => saveDraft(token, values) });
    // Once, when the island has taken the form over.
  }, []);

  const { submitCount } = formState;
  useEffect(() => {
    if (submitCount === 0) return;
    document.querySelector<HTMLElement>('form.return-form [aria-invalid="true"]')?.focus();
  }, [submitCount]);

  return { ...form, field, choose, defaults };
}

export type ReturnFormState = ReturnType<typeof useReturnForm>;
/** A message key of the `form` dictionary per invalid field. */
export type FieldErrors = Partial<Record<FieldName, string>>;
