import type { InputHTMLAttributes, ReactNode } from 'react';
import { HelpTip } from './HelpTip.tsx';
import type { ReturnFormState } from './useReturnForm.ts';

/** What a field spreads on its input: the form's registration, and the value the server drew. */
export type Registration = ReturnType<ReturnFormState['field']> & { defaultValue?: string };

export interface FieldProps {
  id: string;
  label: string;
  registration: Registration;
  error?: string | undefined;
  /** Spec §5: the required-field hint in the culture's language, shown as the input's title. */
  requiredHint?: string | undefined;
  optionalText?: string | undefined;
  help?: { label: string; text: string } | undefined;
  type?: 'text' | 'email' | 'tel';
  autoComplete: string;
  inputMode?: 'text' | 'email' | 'tel' | 'numeric';
  maxLength?: number;
  /** Extra content under the input (the suggestions list). */
  children?: ReactNode;
  /** Extra input attributes (the combobox's ARIA state and key handling). */
  inputExtra?: InputHTMLAttributes<HTMLInputElement>;
}

/** A text field with its static label above, an optional help tip, and its error tied to it. */
export function TextField(props: FieldProps) {
  const errorId = `${props.id}-error`;
  return (
    <div className={props.error ? 'field field--invalid' : 'field'}>
      <div className="field__label-row">
        <label htmlFor={props.id} className="field__label">
          {props.label}
          {props.optionalText && <span className="field__optional"> ({props.optionalText})</span>}
        </label>
        {props.help && <HelpTip label={props.help.label} text={props.help.text} />}
      </div>
      <input
        id={props.id}
        className="field__input"
        type={props.type ?? 'text'}
        autoComplete={props.autoComplete}
        inputMode={props.inputMode}
        maxLength={props.maxLength}
        required={props.requiredHint !== undefined}
        aria-required={props.requiredHint !== undefined || undefined}
        title={props.requiredHint}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? errorId : undefined}
        {...props.inputExtra}
        {...props.registration}
      />
      {props.children}
      {props.error && (
        <p id={errorId} className="field__error">
          {props.error}
        </p>
      )}
    </div>
  );
}
