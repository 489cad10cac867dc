import type { Ref } from 'react';
import { useField } from 'react-final-form';
import { QUANTITY_SCALE } from '@almacen/shared/domain';
import type { InputProps } from '@almacen/shared/fluent';
import { Field, Input } from '@almacen/shared/fluent-pages';
import { acceptsDecimalInput, normalizeDecimalInput, toDecimalTyping } from './decimal-input';
import { FIELD_SUBSCRIPTION, keepValue, visibleError } from './field-state';

export interface DecimalFieldProps {
  name: string;
  label: string;
  /** Decimals allowed: 3 (quantity, price, the default) or 5 (IEPS rate). */
  scale?: number;
  maxIntegerDigits?: number;
  placeholder?: string;
  required?: boolean;
  disabled?: boolean;
  contentBefore?: InputProps['contentBefore'];
  contentAfter?: InputProps['contentAfter'];
  hint?: string;
}

/**
 * A numeric input that refuses what cannot be a non-negative decimal with `scale` decimals: a
 * keystroke that would make it invalid (a minus sign, a letter, a 4th decimal) is not applied.
 */
export function DecimalField({
  name,
  label,
  scale = QUANTITY_SCALE,
  maxIntegerDigits,
  placeholder,
  required,
  disabled,
  contentBefore,
  contentAfter,
  hint,
}: DecimalFieldProps) {
  const { input, meta } = useField<string>(name, { subscription: FIELD_SUBSCRIPTION, parse: keepValue });
  const message = visibleError(meta);
  const value = input.value === undefined || input.value === null ? '' : String(input.value);
  return (
    <Field label={label} required={required} hint={hint} validationMessage={message} validationState={message ? 'error' : 'none'}>
      <DecimalInput
        name={input.name}
        value={value}
        scale={scale}
        maxIntegerDigits={maxIntegerDigits}
        placeholder={placeholder}
        disabled={disabled}
        contentBefore={contentBefore}
        contentAfter={contentAfter}
        onValueChange={(next) => input.onChange(next)}
        onBlur={() => {
          const tidy = normalizeDecimalInput(value);
          if (tidy !== value) input.onChange(tidy);
          input.onBlur();
        }}
        onFocus={() => input.onFocus()}
      />
    </Field>
  );
}

export interface DecimalInputProps extends Omit<InputProps, 'value' | 'onChange' | 'type'> {
  value: string;
  scale: number;
  maxIntegerDigits?: number;
  onValueChange: (value: string) => void;
  /** The input itself (to focus it and select its text). */
  ref?: Ref<HTMLInputElement>;
}

/** The bare input (for table cells and filters): same rules, controlled by a decimal string. */
export function DecimalInput({ value, scale, maxIntegerDigits, onValueChange, ...rest }: DecimalInputProps) {
  return (
    <Input
      {...rest}
      type="text"
      inputMode="decimal"
      autoComplete="off"
      value={value}
      onChange={(_event, data) => {
        const next = toDecimalTyping(data.value);
        if (acceptsDecimalInput(next, { scale, maxIntegerDigits })) onValueChange(next);
      }}
    />
  );
}
