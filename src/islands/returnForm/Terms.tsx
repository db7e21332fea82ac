import type { FormLinks, FormStrings } from './strings.ts';
import type { FieldErrors, ReturnFormState } from './useReturnForm.ts';

interface TermsProps {
  field: ReturnFormState['field'];
  /** Whether a box is checked as drawn, so a form the server sends back shows it checked. */
  checked: (name: 'termsAccepted' | 'termsAcceptedBussiness') => boolean;
  errors: FieldErrors;
  message: (key: string | undefined) => string | undefined;
  strings: FormStrings;
  links: FormLinks;
}

/** The two required terms checkboxes (persons; companies) and the personal-data notice. */
export function Terms({ field, checked, errors, message, strings, links }: TermsProps) {
  const boxes = [
    { name: 'termsAccepted', label: strings.termsPersons(), href: links.termsPersons },
    { name: 'termsAcceptedBussiness', label: strings.termsCompanies(), href: links.termsCompanies },
  ] as const;
  return (
    <div className="terms">
      {boxes.map((box) => {
        const error = message(errors[box.name]);
        return (
          <div key={box.name} className={error ? 'check check--invalid' : 'check'}>
            <input
              id={box.name}
              type="checkbox"
              // Announced as required; the form is noValidate, so the browser never blocks a send.
              required
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${box.name}-error` : undefined}
              defaultChecked={checked(box.name)}
              {...field(box.name)}
            />
            <label htmlFor={box.name}>
              {box.label} (
              <a href={box.href} target="_blank" rel="noopener">
                {strings.termsLink()}
              </a>
              )
            </label>
            {error && (
              <p id={`${box.name}-error`} className="field__error">
                {error}
              </p>
            )}
          </div>
        );
      })}
      <p className="terms__privacy">
        {strings.privacyNotice()}{' '}
        <a href={links.privacy} target="_blank" rel="noopener">
          {strings.privacyLink()}
        </a>
      </p>
    </div>
  );
}
