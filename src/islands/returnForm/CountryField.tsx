import { useRef, useState, type ComponentType } from 'react';
import type { Culture } from '../../lib/locales.ts';
import type { Country } from '../../lib/contract.ts';
import { countryName, countryOptions } from './countryOptions.ts';
import type { CountrySelectProps } from './CountrySelect.tsx';
import { HelpTip } from './HelpTip.tsx';
import { fill, type FormStrings } from './strings.ts';

interface CountryFieldProps {
  value: string;
  culture: Culture;
  countries: readonly Country[];
  onChange: (code: string) => void;
  onBlur: () => void;
  /** Hands the form a way to focus the field when it is the first with an error. */
  focusRef: (handle: { focus: () => void } | null) => void;
  error: string | undefined;
  strings: FormStrings;
}

/**
 * The country field. Until the sender reaches for it, it is a plain button showing the
 * current country; the searchable list (react-select, the heaviest part of the form) loads
 * on first focus, hover or press and takes the button's place with focus kept.
 */
export function CountryField(props: CountryFieldProps) {
  const { value, culture, countries, onChange, onBlur, error, strings } = props;
  const [Select, setSelect] = useState<ComponentType<CountrySelectProps>>();
  const [openAtStart, setOpenAtStart] = useState(false);
  const [focusAtStart, setFocusAtStart] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const chunk = () => import('./CountrySelect.tsx');
  // Hover only fetches the code; focus or a press swaps the list in, focused (and open after a press).
  // A press is known at pointer-down, before the focus it gives: otherwise a list already fetched
  // could be swapped in closed while the button is still held down.
  const activate = (open: boolean) => {
    if (open) setOpenAtStart(true);
    void chunk().then((module) => {
      // Take the focus over only if the sender is still on the field; they may have tabbed on.
      const focused = open || document.activeElement === trigger.current;
      setFocusAtStart((before) => before || focused);
      setSelect(() => module.CountrySelect);
    });
  };
  const options = countryOptions(countries, culture);
  const errorId = error ? 'country-error' : undefined;
  return (
    <div
      className={error ? 'field field--invalid' : 'field'}
      ref={(div) =>
        props.focusRef(div && { focus: () => div.querySelector<HTMLElement>('#country')?.focus() })
      }
    >
      <div className="field__label-row">
        <span id="country-label" className="field__label">
          {strings.countryLabel}
        </span>
        <HelpTip label={fill(strings.helpFor, { field: strings.countryLabel })} text={strings.countryHelp} />
      </div>
      {/* Autofill's token for the country travels on the field holding its code: the visible
          control is a custom list that no browser's autofill fills. */}
      <input type="hidden" name="country" autoComplete="country" value={value} />
      {Select ? (
        <Select
          inputId="country"
          labelId="country-label"
          errorId={errorId}
          options={options}
          value={options.find((o) => o.value === value)}
          loading={countries.length === 0}
          onChange={onChange}
          onBlur={onBlur}
          strings={strings}
          openAtStart={openAtStart}
          focusAtStart={focusAtStart}
        />
      ) : (
        <button
          ref={trigger}
          type="button"
          id="country"
          className="country-trigger"
          aria-labelledby="country-label country"
          aria-haspopup="listbox"
          aria-describedby={errorId}
          onFocus={() => activate(false)}
          onPointerEnter={() => void chunk()}
          onPointerDown={() => activate(true)}
          onClick={() => activate(true)}
        >
          <span>{value ? countryName(value, culture, countries) : strings.selectPlaceholder}</span>
          <span aria-hidden="true">▾</span>
        </button>
      )}
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
