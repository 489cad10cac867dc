// A select you can type into (Fluent Combobox): the list narrows as you type, without case or
// accents, and says "Sin coincidencias" when nothing matches. Long lists (10,000 products) show
// only the first matches, so opening it stays instant.
import { useMemo, useState } from 'react';
import { useField } from 'react-final-form';
import { foldForSearch } from '@almacen/shared';
import type { ComboboxProps } from '@almacen/shared/fluent';
import { Combobox, Field, Option } from '@almacen/shared/fluent-pages';
import { FIELD_SUBSCRIPTION, visibleError } from './field-state';

export const NO_MATCHES = 'Sin coincidencias';
export const SHOW_OPTIONS = 'Mostrar opciones';
export const MAX_SHOWN_OPTIONS = 50;
export const narrowDown = (shown: number, total: number) =>
  `Se muestran ${shown} de ${total.toLocaleString('es-MX')}; escribe para acotar la búsqueda.`;

export type OptionValue = string | number;

export interface SelectOption<V extends OptionValue = OptionValue> {
  value: V;
  label: string;
}

export interface SearchableSelectProps<V extends OptionValue> {
  options: readonly SelectOption<V>[];
  value: V | null | undefined;
  onChange: (value: V | null) => void;
  onBlur?: () => void;
  onFocus?: () => void;
  placeholder?: string;
  disabled?: boolean;
  /** Lets the person empty the selection (optional fields). */
  clearable?: boolean;
  'aria-label'?: string;
  name?: string;
  size?: ComboboxProps['size'];
}

// Fluent names the arrow button "Open …" and makes it a Tab stop of its own, so every select took
// two Tabs; the combobox itself opens with ↓ or by typing, so the arrow is for the mouse: a Spanish
// name, no Tab stop.
const EXPAND_BUTTON = { 'aria-label': SHOW_OPTIONS, tabIndex: -1 } as const;

export function SearchableSelect<V extends OptionValue>({
  options,
  value,
  onChange,
  onBlur,
  onFocus,
  placeholder,
  disabled,
  clearable,
  'aria-label': ariaLabel,
  name,
  size,
}: SearchableSelectProps<V>) {
  // null: not typing, the input shows the selected option's label.
  const [query, setQuery] = useState<string | null>(null);
  const byKey = useMemo(() => new Map(options.map((option) => [String(option.value), option])), [options]);
  const folded = useMemo(() => options.map((option) => foldForSearch(option.label)), [options]);
  const selected = value === null || value === undefined ? undefined : byKey.get(String(value));

  const matches = useMemo(() => {
    const needle = foldForSearch(query ?? '');
    if (!needle) return options;
    return options.filter((_, i) => folded[i].includes(needle));
  }, [options, folded, query]);
  const shown = matches.length > MAX_SHOWN_OPTIONS ? matches.slice(0, MAX_SHOWN_OPTIONS) : matches;

  return (
    <Combobox
      name={name}
      aria-label={ariaLabel}
      size={size}
      placeholder={placeholder}
      disabled={disabled}
      clearable={clearable}
      expandIcon={EXPAND_BUTTON}
      value={query ?? selected?.label ?? ''}
      selectedOptions={selected ? [String(selected.value)] : []}
      onChange={(event) => setQuery(event.target.value)}
      onOptionSelect={(event, data) => {
        // Fluent drops the choice as soon as the typed text stops matching an option it has drawn,
        // and this list draws only the first matches of the text before: what is typed or pasted
        // stays, and so does the choice, until the person picks another one (or, when the select is
        // clearable, leaves it empty).
        if (data.optionValue === undefined && (event.type === 'change' || event.type === 'input')) return;
        setQuery(null);
        const option = data.optionValue === undefined ? undefined : byKey.get(data.optionValue);
        onChange(option ? option.value : null);
      }}
      onOpenChange={(_event, data) => {
        if (!data.open) setQuery(null);
      }}
      onFocus={() => onFocus?.()}
      onBlur={() => {
        // Erasing the text of an optional select empties it (the clear icon is mouse-only).
        if (clearable && query !== null && query.trim() === '' && selected) onChange(null);
        setQuery(null);
        onBlur?.();
      }}
    >
      {shown.map((option) => (
        <Option key={String(option.value)} value={String(option.value)} text={option.label}>
          {option.label}
        </Option>
      ))}
      {matches.length === 0 && (
        <Option key="__no-matches" value="" text={NO_MATCHES} disabled>
          {NO_MATCHES}
        </Option>
      )}
      {matches.length > shown.length && (
        <Option key="__narrow" value="" text={narrowDown(shown.length, matches.length)} disabled>
          {narrowDown(shown.length, matches.length)}
        </Option>
      )}
    </Combobox>
  );
}

export interface SelectFieldProps<V extends OptionValue> {
  name: string;
  label: string;
  options: readonly SelectOption<V>[];
  placeholder?: string;
  required?: boolean;
  disabled?: boolean;
  clearable?: boolean;
  hint?: string;
  /** Called after the form value changes (e.g. to fetch the chosen product's stock). */
  onSelect?: (value: V | null) => void;
}

/** The searchable select wired to react-final-form; the value is the option's value or null. */
export function SelectField<V extends OptionValue>({
  name,
  label,
  options,
  placeholder,
  required,
  disabled,
  clearable,
  hint,
  onSelect,
}: SelectFieldProps<V>) {
  const { input, meta } = useField<V | null>(name, { subscription: FIELD_SUBSCRIPTION, allowNull: true });
  const message = visibleError(meta);
  return (
    <Field label={label} required={required} hint={hint} validationMessage={message} validationState={message ? 'error' : 'none'}>
      <SearchableSelect
        name={input.name}
        options={options}
        value={input.value === '' ? null : (input.value as V | null)}
        placeholder={placeholder}
        disabled={disabled}
        clearable={clearable}
        onChange={(next) => {
          input.onChange(next);
          onSelect?.(next);
        }}
        onFocus={() => input.onFocus()}
        onBlur={() => input.onBlur()}
      />
    </Field>
  );
}
