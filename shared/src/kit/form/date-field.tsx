import { Field, Input } from '@fluentui/react-components';
import { useContext, useMemo } from 'react';
import { useField } from 'react-final-form';
import { DEFAULT_TIME_ZONE, MIN_DOCUMENT_DATE } from '../../domain/constants';
import { todayIn } from '../../domain/format';
import { MESSAGES } from '../../domain/schemas/primitives';
import { PlatformContext } from '../../platform/platform-context';
import { FIELD_SUBSCRIPTION, keepValue, visibleError } from './field-state';

export interface DateFieldProps {
  name: string;
  label: string;
  required?: boolean;
  disabled?: boolean;
  /** Today as YYYY-MM-DD; defaults to today in the portal's time zone (/config.json). */
  today?: string;
}

/** Today (YYYY-MM-DD) in the portal's time zone, where "not later than today" is judged. */
export function useToday(): string {
  const platform = useContext(PlatformContext);
  const timeZone = platform?.config.timeZone ?? DEFAULT_TIME_ZONE;
  return useMemo(() => todayIn(timeZone), [timeZone]);
}

/**
 * A date input that refuses a date after today or before MIN_DOCUMENT_DATE (the schemas' range):
 * the picker stops at both ends and typing one outside fails.
 */
export function DateField({ name, label, required, disabled, today: todayProp }: DateFieldProps) {
  const defaultToday = useToday();
  const today = todayProp ?? defaultToday;
  const { input, meta } = useField<string>(name, {
    subscription: FIELD_SUBSCRIPTION,
    parse: keepValue,
    validate: (value) => {
      if (typeof value !== 'string' || value === '') return undefined;
      if (value > today) return MESSAGES.futureDate;
      return value < MIN_DOCUMENT_DATE ? MESSAGES.pastDate : undefined;
    },
  });
  const message = visibleError(meta);
  return (
    <Field label={label} required={required} validationMessage={message} validationState={message ? 'error' : 'none'}>
      <Input
        type="date"
        name={input.name}
        min={MIN_DOCUMENT_DATE}
        max={today}
        value={input.value ?? ''}
        disabled={disabled}
        onChange={(_event, data) => input.onChange(data.value)}
        onBlur={() => input.onBlur()}
        onFocus={() => input.onFocus()}
      />
    </Field>
  );
}
