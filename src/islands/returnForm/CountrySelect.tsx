import Select, { components, type DropdownIndicatorProps, type ClearIndicatorProps } from 'react-select';
import type { CountryOption } from './countryOptions.ts';
import type { FormStrings } from './strings.ts';

export interface CountrySelectProps {
  inputId: string;
  labelId: string;
  options: CountryOption[];
  value: CountryOption | undefined;
  loading: boolean;
  onChange: (code: string) => void;
  onBlur: () => void;
  strings: Pick<
    FormStrings,
    'selectLoading' | 'selectNoOptions' | 'selectClear' | 'selectOpen' | 'selectClose'
  >;
  openAtStart: boolean;
  focusAtStart: boolean;
}

/**
 * The searchable country list (react-select), loaded only when the sender reaches for it.
 * Spec §9's defaults: the list at most 40% of the viewport high; 'Loading…', 'No options',
 * 'Clear', 'Open' and 'Close' as its texts.
 */
export function CountrySelect(props: CountrySelectProps) {
  const { strings } = props;
  const DropdownIndicator = (indicator: DropdownIndicatorProps<CountryOption, false>) => (
    <components.DropdownIndicator {...indicator}>
      <span aria-hidden="true">▾</span>
      <span className="visually-hidden">
        {indicator.selectProps.menuIsOpen ? strings.selectClose : strings.selectOpen}
      </span>
    </components.DropdownIndicator>
  );
  const ClearIndicator = (indicator: ClearIndicatorProps<CountryOption, false>) => (
    <components.ClearIndicator {...indicator}>
      <span aria-hidden="true">×</span>
      <span className="visually-hidden">{strings.selectClear}</span>
    </components.ClearIndicator>
  );
  return (
    <Select<CountryOption, false>
      inputId={props.inputId}
      aria-labelledby={props.labelId}
      classNamePrefix="country"
      className="country-select"
      options={props.options}
      value={props.value ?? null}
      isLoading={props.loading}
      loadingMessage={() => strings.selectLoading}
      noOptionsMessage={() => strings.selectNoOptions}
      onChange={(option) => option && props.onChange(option.value)}
      onBlur={props.onBlur}
      autoFocus={props.focusAtStart}
      defaultMenuIsOpen={props.openAtStart}
      maxMenuHeight={Math.round(window.innerHeight * 0.4)}
      menuPlacement="auto"
      components={{ DropdownIndicator, ClearIndicator }}
      theme={(theme) => ({
        ...theme,
        borderRadius: 8,
        colors: {
          ...theme.colors,
          primary: '#0b5fff',
          primary25: '#eef3ff',
          primary50: '#dbe6ff',
          neutral50: '#4a5058',
        },
      })}
    />
  );
}
