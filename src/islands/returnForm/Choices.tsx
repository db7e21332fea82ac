import type { ReactNode } from 'react';

interface ChoiceProps<T extends string> {
  name: string;
  legend: string;
  value: T;
  options: { value: T; label: string; text: string; hidden?: boolean }[];
  onChange: (value: T) => void;
  children?: ReactNode;
}

/** A group of radio cards under a visible legend: native radios, so arrows and Space work as everywhere. */
export function Choices<T extends string>({
  name,
  legend,
  value,
  options,
  onChange,
  children,
}: ChoiceProps<T>) {
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
                name={name}
                value={option.value}
                checked={value === option.value}
                onChange={() => onChange(option.value)}
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
