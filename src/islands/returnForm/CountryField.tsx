import { useMemo, useRef, useState, type ComponentType } from 'react';
import type { Culture } from '../../lib/locales.ts';
import type { Country } from '@parcel-returns/contract';
import { countryOptions, type CountryOption } from './countryOptions.ts';
import type { CountrySelectProps } from './CountrySelect.tsx';
import { loadCountries } from '../stores/countries.ts';
import { HelpTip } from './HelpTip.tsx';
import type { FormStrings } from './strings.ts';
import type { Registration } from './TextField.tsx';

interface CountryFieldProps {
  /** The country the form holds. */
  value: string;
  /** The native list's registration with the form. */
  registration: Registration;
  culture: Culture;
  countries: readonly Country[];
  /** A country chosen in the searchable list. */
  onChange: (code: string) => void;
  error: string | undefined;
  strings: FormStrings;
  /** The culture's country names, rendered at build: the native list works before the island does. */
  buildOptions: () => readonly CountryOption[];
}

const escaped: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
// One pass, and none for the names with nothing to escape (nearly all): 249 options on every render.
const escapeHtml = (text: string) =>
  /[&<>"]/.test(text) ? text.replace(/[&<>"]/g, (c) => escaped[c] ?? c) : text;

const option = (code: string, label: string, selected = false) =>
  `<option value="${escapeHtml(code)}"${selected ? ' selected' : ''}>${escapeHtml(label)}</option>`;

/**
 * Each list's options as HTML, made once: on the server the list is the culture's own from the
 * build (buildCountryOptions), the same for every page, and its 20 KB of HTML was made again on
 * every render.
 */
const listHtml = new WeakMap<readonly CountryOption[], string>();

/** The native list's options as HTML, the chosen one marked (the page works before any script). */
function optionsHtml(options: readonly CountryOption[], value: string, placeholder: string): string {
  let list = listHtml.get(options);
  if (list === undefined) {
    list = options.map((o) => option(o.value, o.label)).join('');
    listHtml.set(options, list);
  }
  if (!value) return option('', placeholder, true) + list;
  // The chosen one's tag is the only one with its value; a function, so no `$` in it is read as a pattern.
  const plain = `<option value="${escapeHtml(value)}">`;
  return list.replace(plain, () => `${plain.slice(0, -1)} selected>`);
}

/**
 * The country field. Until the sender reaches for it, it is a native `<select name="country">`
 * holding every country, which posts with the form when no script runs; the searchable list
 * (react-select, the heaviest part of the form) loads on first focus, hover or press and takes
 * its place with the value and focus kept.
 */
export function CountryField(props: CountryFieldProps) {
  const { value, culture, countries, onChange, error, strings } = props;
  const [Select, setSelect] = useState<ComponentType<CountrySelectProps>>();
  const [openAtStart, setOpenAtStart] = useState(false);
  const [focusAtStart, setFocusAtStart] = useState(false);
  const trigger = useRef<HTMLSelectElement>(null);
  const chunk = () => import('./CountrySelect.tsx');
  // Hover only fetches the code; focus or a press swaps the list in, focused (and open after a press).
  const activate = (open: boolean) => {
    void loadCountries();
    if (open) setOpenAtStart(true);
    chunk().then(
      (module) => {
        // Take the focus over only if the sender is still on the field; they may have tabbed on.
        const focused = open || document.activeElement === trigger.current;
        setFocusAtStart((before) => before || focused);
        setSelect(() => module.CountrySelect);
      },
      // Its code never arrived: the native list stays, and works as without scripts.
      () => setOpenAtStart(false),
    );
  };
  const { buildOptions } = props;
  const options = useMemo(
    () => (countries.length > 0 ? countryOptions(countries, culture, buildOptions()) : buildOptions()),
    [countries, culture, buildOptions],
  );
  const placeholder = strings.selectPlaceholder();
  const nativeOptions = useMemo(
    () => ({ __html: optionsHtml(options, value, placeholder) }),
    [options, value, placeholder],
  );
  const errorId = error ? 'country-error' : undefined;
  return (
    <div className={error ? 'field field--invalid' : 'field'}>
      <div className="field__label-row">
        <span id="country-label" className="field__label">
          {strings.countryLabel()}
        </span>
        <HelpTip label={strings.helpFor({ field: strings.countryLabel() })} text={strings.countryHelp()} />
      </div>
      {/* Once the searchable list has taken the native one's place, the code travels in a hidden
          field of the same name, with autofill's token. */}
      {Select && <input type="hidden" name="country" autoComplete="country" value={value} />}
      {Select ? (
        <Select
          inputId="country"
          labelId="country-label"
          errorId={errorId}
          options={options}
          value={options.find((o) => o.value === value)}
          loading={countries.length === 0}
          onChange={onChange}
          strings={strings}
          openAtStart={openAtStart}
          focusAtStart={focusAtStart}
        />
      ) : (
        <select
          {...props.registration}
          ref={(select) => {
            trigger.current = select;
            props.registration.ref(select);
          }}
          id="country"
          autoComplete="country"
          className="country-trigger"
          aria-labelledby="country-label"
          aria-describedby={errorId}
          aria-invalid={error ? true : undefined}
          onFocus={() => activate(false)}
          onPointerEnter={() => {
            void chunk();
            void loadCountries();
          }}
          // The keys that open a list open the searchable one, as the pointer does.
          onKeyDown={(event) => {
            if (!['Enter', ' ', 'ArrowDown', 'ArrowUp'].includes(event.key)) return;
            event.preventDefault();
            activate(true);
          }}
          // The searchable list opens instead of the browser's own.
          onMouseDown={(event) => {
            event.preventDefault();
            activate(true);
          }}
          // Some 250 options: as one string React neither hydrates nor compares them one by one.
          dangerouslySetInnerHTML={nativeOptions}
        />
      )}
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
