import type { ChangeEvent, ReactNode } from 'react';
import type { ReturnFormState } from './useReturnForm.ts';

interface ChoiceProps<T extends string> {
  registration: ReturnType<ReturnFormState['field']>;
  legend: string;
  /** The choice the form holds, checked when a card is drawn. */
  value: T;
  options: { value: T; label: string; text: string; hidden?: boolean }[];
  /** Whether a choice is taken now; one refused leaves the choice as it was (a charged one asks first). */
  accept?: (value: T) => boolean;
  children?: ReactNode;
}

/** A group of radio cards under a visible legend: native radios, so arrows and Space work as everywhere. */
export function Choices<T extends string>({
  registration,
  legend,
  value,
  options,
  accept,
  children,
}: ChoiceProps<T>) {
  const { name } = registration;
  return (
    <fieldset className="choices">
      <legend className="visually-hidden">{legend}</legend>
      <div className="choices__cards">
        {options
          .filter((option) => !option.hidden)
          .map((option) => (
            <label key={option.value} className="choice">
              <input
                id={`${name}-${option.value}`}
                type="radio"
                value={option.value}
                defaultChecked={value === option.value}
                {...registration}
                onChange={(event: ChangeEvent<HTMLInputElement>) => {
                  if (accept?.(option.value) !== false) return void registration.onChange(event);
                  const kept = document.getElementById(`${name}-${value}`);
                  if (kept instanceof HTMLInputElement) kept.checked = true;
                }}
              />
              <span className="choice__body">
                <span className="choice__label">{option.label}</span>
                <span className="choice__text">{option.text}</span>
              </span>
            </label>
          ))}
      </div>
      {children}
    </fieldset>
  );
}
