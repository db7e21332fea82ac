import { useCallback, useMemo, useRef, useState, type SyntheticEvent } from 'react';
import { flushSync } from 'react-dom';
import type { SenderFormValues } from '../../lib/senderForm.ts';
import { takenOverAttribute } from '../takenOver.ts';

export type FieldName = keyof SenderFormValues;
/** A message key of the `form` dictionary per invalid field. */
export type FieldErrors = Partial<Record<FieldName, string>>;
/** The form's check: the shared schema, loaded when first needed (`validation.ts`). */
export type Validate = (values: SenderFormValues) => Promise<FieldErrors>;

/** What a text input or checkbox spreads: it stays the browser's own (uncontrolled), the form reads it. */
export interface Registration {
  name: FieldName;
  ref: (element: HTMLInputElement | null) => void;
  onChange: (event: { target: unknown }) => void;
  onBlur: () => void;
}

type Focusable = { focus: () => void };

/** The order a sender meets the fields in: the first invalid one takes the focus on a send. */
const fieldOrder: readonly FieldName[] = [
  'country',
  'labelType',
  'handover',
  'name',
  'street',
  'zipCode',
  'city',
  'email',
  'phone',
  'customerReference',
  'termsAccepted',
  'termsAcceptedBussiness',
];

function write(element: HTMLInputElement, value: SenderFormValues[FieldName]): void {
  if (element.type === 'checkbox') element.checked = value === true;
  else element.value = String(value);
}

/**
 * The sender form's state: its values, each field's message, and whether the sender has sent
 * it. Text inputs and checkboxes stay uncontrolled: registering one never writes into it, so
 * what the sender typed before the island took over is still there when it does, and typing
 * into one renders nothing (`getValues` has it; `onChange` hears it, for the draft). `values` is
 * what the form was last rendered with, current for the choices and the country, which the
 * sections follow. Messages appear on a send; after the first, a field is checked again as it
 * changes.
 */
export function useSenderForm(
  defaults: SenderFormValues,
  validate: Validate,
  onChange: (values: SenderFormValues) => void,
) {
  const [values, setValues] = useState(defaults);
  const current = useRef(values);
  const heard = useRef(onChange);
  heard.current = onChange;
  const [errors, setErrors] = useState<FieldErrors>({});
  const [isSubmitted, setSubmitted] = useState(false);
  const submitted = useRef(false);
  const inputs = useRef(new Map<FieldName, HTMLInputElement>());
  const focusables = useRef(new Map<FieldName, Focusable>());

  /** Checks the whole form and updates one field's message (the others keep theirs until a send). */
  const recheck = useCallback(
    async (name: FieldName) => {
      const found = await validate(current.current);
      setErrors((before) => {
        if (before[name] === found[name]) return before;
        const { [name]: _old, ...rest } = before;
        return found[name] ? { ...rest, [name]: found[name] } : rest;
      });
    },
    [validate],
  );

  /** Keeps new values; `render` false for a key typed into a field that shows it already. */
  const store = useCallback(
    (next: SenderFormValues, changed?: FieldName, render = true) => {
      current.current = next;
      if (render) setValues(next);
      heard.current(next);
      if (changed && submitted.current) void recheck(changed);
    },
    [recheck],
  );

  const setValue = useCallback(
    <N extends FieldName>(name: N, value: SenderFormValues[N]) => {
      const input = inputs.current.get(name);
      if (input) write(input, value);
      store({ ...current.current, [name]: value }, name);
    },
    [store],
  );

  /** New values for every field, written into the inputs too; messages and the send are forgotten. */
  const reset = useCallback(
    (next: SenderFormValues) => {
      for (const [name, input] of inputs.current) write(input, next[name]);
      submitted.current = false;
      setSubmitted(false);
      setErrors({});
      store(next);
    },
    [store],
  );

  const register = useCallback(
    (name: FieldName): Registration => ({
      name,
      ref: (element) => {
        if (!element) {
          inputs.current.delete(name);
          return;
        }
        inputs.current.set(name, element);
        if (element.hasAttribute(takenOverAttribute)) return;
        // Taken over now: until here its keys were the browser's alone (intentDirective.ts). What
        // the sender typed into it wins; an untouched field shows what the form holds (a draft).
        element.setAttribute(takenOverAttribute, '');
        const typed =
          element.type === 'checkbox'
            ? element.checked !== element.defaultChecked
            : element.value !== element.defaultValue;
        const value = element.type === 'checkbox' ? element.checked : element.value;
        if (typed && value !== current.current[name])
          store({ ...current.current, [name]: value }, name, false);
        else if (!typed) write(element, current.current[name]);
      },
      onChange: ({ target }) => {
        const input = target as HTMLInputElement;
        const value = input.type === 'checkbox' ? input.checked : input.value;
        store({ ...current.current, [name]: value }, name, false);
      },
      onBlur: () => undefined,
    }),
    [store],
  );

  /** A field that is not an input of its own (the country list) hands the form a way to focus it. */
  const focusRef = useCallback(
    (name: FieldName) => (handle: Focusable | null) => {
      if (handle) focusables.current.set(name, handle);
      else focusables.current.delete(name);
    },
    [],
  );

  /** Checks the form; sends it when valid, else shows every message and focuses the first field in error. */
  const handleSubmit = useCallback(
    (onValid: (valid: SenderFormValues) => Promise<void>) => async (event?: SyntheticEvent) => {
      event?.preventDefault();
      submitted.current = true;
      setSubmitted(true);
      const sent = current.current;
      const found = await validate(sent);
      // In the page before the focus moves, so a screen reader says 'invalid' with the field's name.
      flushSync(() => setErrors(found));
      const invalid = fieldOrder.filter((name) => found[name]);
      if (invalid.length > 0) {
        const handles = invalid.map((name) => focusables.current.get(name) ?? inputs.current.get(name));
        handles.find((handle) => handle !== undefined)?.focus();
        return;
      }
      await onValid(sent);
    },
    [validate],
  );

  const getValues = useCallback(() => current.current, []);

  return useMemo(
    () => ({ values, errors, isSubmitted, register, setValue, reset, getValues, focusRef, handleSubmit }),
    [values, errors, isSubmitted, register, setValue, reset, getValues, focusRef, handleSubmit],
  );
}

export type SenderFormState = ReturnType<typeof useSenderForm>;
