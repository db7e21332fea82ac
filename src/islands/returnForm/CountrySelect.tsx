import { useLayoutEffect, useMemo, useRef, type KeyboardEvent, type RefObject } from 'react';
import Select, {
  components as base,
  type ClearIndicatorProps,
  type DropdownIndicatorProps,
  type GroupBase,
  type AriaLiveMessages,
  type InputProps,
  type SelectInstance,
} from 'react-select';
import type { CountryOption } from './countryOptions.ts';
import type { FormStrings } from './strings.ts';

export interface CountrySelectProps {
  inputId: string;
  labelId: string;
  errorId: string | undefined;
  options: readonly CountryOption[];
  value: CountryOption | undefined;
  loading: boolean;
  onChange: (code: string) => void;
  strings: Pick<
    FormStrings,
    | 'selectPlaceholder'
    | 'selectLoading'
    | 'selectNoOptions'
    | 'selectClear'
    | 'selectOpen'
    | 'selectClose'
    | 'selectGuidance'
    | 'selectChosen'
    | 'selectCleared'
    | 'selectFocused'
    | 'selectResults'
  >;
  openAtStart: boolean;
  focusAtStart: boolean;
}

/**
 * The indicators are named buttons with a tooltip for the pointer; from the keyboard the list
 * opens with Enter or the arrows and clears with Backspace.
 */
const named = (label: string) => ({
  role: 'button',
  'aria-label': label,
  title: label,
  'aria-hidden': false,
});

/** The list's indicators and input with the page's texts, made once per list: react-select remounts parts that change. */
function parts(strings: CountrySelectProps['strings'], errorId: RefObject<string | undefined>) {
  const { DropdownIndicator, ClearIndicator, Input } = base;
  return {
    DropdownIndicator: (indicator: DropdownIndicatorProps<CountryOption, false>) => {
      const label = indicator.selectProps.menuIsOpen ? strings.selectClose() : strings.selectOpen();
      return (
        <DropdownIndicator {...indicator} innerProps={{ ...indicator.innerProps, ...named(label) }}>
          <span aria-hidden="true">▾</span>
        </DropdownIndicator>
      );
    },
    ClearIndicator: (indicator: ClearIndicatorProps<CountryOption, false>) => (
      <ClearIndicator
        {...indicator}
        innerProps={{ ...indicator.innerProps, ...named(strings.selectClear()) }}
      >
        <span aria-hidden="true">×</span>
      </ClearIndicator>
    ),
    // The error is tied to the input as the text fields tie theirs, beside react-select's own description.
    Input: (input: InputProps<CountryOption, false>) => (
      <Input
        {...input}
        aria-describedby={[input['aria-describedby'], errorId.current].filter(Boolean).join(' ') || undefined}
      />
    ),
  };
}

/** What screen readers hear from the list (react-select's defaults are English only). */
function liveMessages(
  strings: CountrySelectProps['strings'],
): AriaLiveMessages<CountryOption, false, GroupBase<CountryOption>> {
  return {
    guidance: ({ context }) => (context === 'menu' ? strings.selectGuidance() : ''),
    onChange: ({ action, label }) =>
      action === 'clear'
        ? strings.selectCleared()
        : action === 'select-option' || action === 'initial-input-focus'
          ? strings.selectChosen({ label })
          : '',
    // Only for Apple devices, where the focused option is announced from here.
    onFocus: ({ context, label, focused, options, isAppleDevice }) =>
      context === 'menu' && isAppleDevice
        ? strings.selectFocused({ label, index: options.indexOf(focused) + 1, count: options.length })
        : '',
    onFilter: ({ resultsMessage }) => resultsMessage,
  };
}

/**
 * The searchable country list (react-select), loaded only when the sender reaches for it.
 * Spec §9's defaults: the list at most 40% of the viewport high; 'Loading…', 'No options',
 * 'Clear', 'Open' and 'Close' as its texts.
 */
export function CountrySelect(props: CountrySelectProps) {
  const { strings } = props;
  const select = useRef<SelectInstance<CountryOption>>(null);
  // Read by the input at each render, so a changing error never remounts it (and loses focus).
  const errorId = useRef(props.errorId);
  errorId.current = props.errorId;
  const components = useMemo(() => parts(strings, errorId), [strings]);
  const messages = useMemo(() => liveMessages(strings), [strings]);
  // react-select takes Enter only to pick a focused option; on a closed list (or one with
  // nothing to pick) the browser would submit the form. Here Enter opens the list instead.
  // It takes the focus of the native list it replaces, as that list leaves the page; a sender who
  // tabbed on while its code loaded keeps the focus where Tab took it (autoFocus would take it back).
  const { focusAtStart } = props;
  useLayoutEffect(() => {
    const active = document.activeElement;
    if (focusAtStart && (active === null || active === document.body)) select.current?.focus();
    // Once, as it mounts.
  }, []);
  const keepEnter = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' || event.defaultPrevented || event.nativeEvent.isComposing) return;
    event.preventDefault();
    select.current?.openMenu('first');
  };
  return (
    <div onKeyDown={keepEnter}>
      <Select<CountryOption>
        ref={select}
        inputId={props.inputId}
        aria-labelledby={props.labelId}
        aria-invalid={props.errorId ? true : undefined}
        classNamePrefix="country"
        className="country-select"
        options={props.options}
        value={props.value ?? null}
        isClearable
        isLoading={props.loading}
        placeholder={strings.selectPlaceholder()}
        loadingMessage={() => strings.selectLoading()}
        noOptionsMessage={() => strings.selectNoOptions()}
        ariaLiveMessages={messages}
        screenReaderStatus={({ count }) => strings.selectResults({ count })}
        onChange={(option) => props.onChange(option?.value ?? '')}
        defaultMenuIsOpen={props.openAtStart}
        maxMenuHeight={Math.round(window.innerHeight * 0.4)}
        menuPlacement="auto"
        components={components}
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
    </div>
  );
}
