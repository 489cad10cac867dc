// Fluent fields wired to react-final-form: the field's message appears under it (Fluent Field's
// validationMessage).
import { useField } from 'react-final-form';
import type { InputProps } from '@almacen/shared/fluent';
import { Field, Input, Textarea } from '@almacen/shared/fluent-pages';
import { FIELD_SUBSCRIPTION, keepValue, visibleError } from './field-state';

/**
 * How a field that shows a value without letting it change looks: Fluent's filled input, as the
 * wizards' summary fields, so it does not read as one more box to fill (Fluent's Input has no
 * read-only style of its own). Still focusable and selectable, unlike a disabled one.
 */
export const READ_ONLY_APPEARANCE = 'filled-darker' as const;

export interface TextFieldProps {
  name: string;
  label: string;
  placeholder?: string;
  required?: boolean;
  disabled?: boolean;
  readOnly?: boolean;
  autoFocus?: boolean;
  type?: InputProps['type'];
  maxLength?: number;
  /** Uppercases what is typed (RFC). */
  uppercase?: boolean;
  /** A textarea instead of a one-line input (observations). */
  multiline?: boolean;
  hint?: string;
}

export function TextField({
  name,
  label,
  placeholder,
  required,
  disabled,
  readOnly,
  autoFocus,
  type = 'text',
  maxLength,
  uppercase,
  multiline,
  hint,
}: TextFieldProps) {
  const { input, meta } = useField<string>(name, { subscription: FIELD_SUBSCRIPTION, parse: keepValue });
  const message = visibleError(meta);
  const value = input.value === undefined || input.value === null ? '' : String(input.value);
  const onChange = (next: string) => input.onChange(uppercase ? next.toUpperCase() : next);
  return (
    <Field label={label} required={required} hint={hint} validationMessage={message} validationState={message ? 'error' : 'none'}>
      {multiline ? (
        <Textarea
          name={input.name}
          value={value}
          placeholder={placeholder}
          disabled={disabled}
          readOnly={readOnly}
          appearance={readOnly ? READ_ONLY_APPEARANCE : undefined}
          maxLength={maxLength}
          resize="vertical"
          onChange={(_event, data) => onChange(data.value)}
          onBlur={() => input.onBlur()}
          onFocus={() => input.onFocus()}
        />
      ) : (
        <Input
          name={input.name}
          type={type}
          value={value}
          placeholder={placeholder}
          disabled={disabled}
          readOnly={readOnly}
          appearance={readOnly ? READ_ONLY_APPEARANCE : undefined}
          autoFocus={autoFocus}
          maxLength={maxLength}
          onChange={(_event, data) => onChange(data.value)}
          onBlur={() => input.onBlur()}
          onFocus={() => input.onFocus()}
        />
      )}
    </Field>
  );
}

export interface IdFieldProps {
  name: string;
  label?: string;
  /** "disabled" greys the field out; "readOnly" keeps it selectable. */
  mode?: 'disabled' | 'readOnly';
  /** What the id stands for (a name), under the field. */
  hint?: string;
}

/** The id of the record being edited: shown, never editable. */
export function IdField({ name, label = 'ID', mode = 'readOnly', hint }: IdFieldProps) {
  const { input, meta } = useField<number | string>(name, { subscription: FIELD_SUBSCRIPTION });
  const message = visibleError(meta);
  return (
    <Field label={label} hint={hint} validationMessage={message} validationState={message ? 'error' : 'none'}>
      <Input
        name={input.name}
        value={input.value === undefined || input.value === null ? '' : String(input.value)}
        disabled={mode === 'disabled'}
        readOnly
        appearance={READ_ONLY_APPEARANCE}
      />
    </Field>
  );
}
