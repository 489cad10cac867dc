import { useContext, useMemo } from 'react';
import { useField } from 'react-final-form';
import { PlatformContext } from '@almacen/shared';
import { DEFAULT_TIME_ZONE, MIN_DOCUMENT_DATE } from '@almacen/shared/domain';
import { todayIn } from '@almacen/shared/domain';
import { dayAfter, earlierMonthNote, periodClosedHint, periodClosedMessage } from '@almacen/shared/domain';
import { isCalendarDate } from '@almacen/shared/domain';
import { Field } from '@almacen/shared/fluent-pages';
import { MESSAGES } from '@almacen/shared/schemas';
import { DateInput } from './date-input';
import { DATE_FORMAT_MESSAGE } from './date-text';
import { FIELD_SUBSCRIPTION, keepValue, visibleError } from './field-state';

export interface DateFieldProps {
  name: string;
  label: string;
  required?: boolean;
  disabled?: boolean;
  /** Today as YYYY-MM-DD; defaults to today in the portal's time zone (/config.json). */
  today?: string;
  /**
   * The last closed date (YYYY-MM-DD, useClosedUntil), or null: the picker starts at the day
   * after it, a hint says why, and a date on or before it fails with the API's sentence.
   */
  closedUntil?: string | null;
  /**
   * A document's date: under a date of an earlier month than today's, a note says in which month
   * the document will count («La fecha es del 25/10/2026: contará en octubre.»), informative only.
   */
  monthNote?: boolean;
}

/** Today (YYYY-MM-DD) in the portal's time zone, where "not later than today" is judged. */
export function useToday(): string {
  const platform = useContext(PlatformContext);
  const timeZone = platform?.config.timeZone ?? DEFAULT_TIME_ZONE;
  return useMemo(() => todayIn(timeZone), [timeZone]);
}

/**
 * A date typed and shown as DD/MM/YYYY (DateInput) whose form value is YYYY-MM-DD. It refuses
 * text that names no date, a date after today or before MIN_DOCUMENT_DATE (the schemas' range),
 * or on or before a closed month's end when `closedUntil` is given: the calendar stops at both
 * ends and typing one outside fails.
 */
export function DateField({ name, label, required, disabled, today: todayProp, closedUntil = null, monthNote = false }: DateFieldProps) {
  const defaultToday = useToday();
  const today = todayProp ?? defaultToday;
  const firstOpenDay = closedUntil === null ? MIN_DOCUMENT_DATE : dayAfter(closedUntil);
  const { input, meta } = useField<string>(name, {
    subscription: FIELD_SUBSCRIPTION,
    parse: keepValue,
    validate: (value) => {
      if (typeof value !== 'string' || value === '') return undefined;
      if (!isCalendarDate(value)) return DATE_FORMAT_MESSAGE;
      if (value > today) return MESSAGES.futureDate;
      if (closedUntil !== null && value <= closedUntil) return periodClosedMessage(closedUntil);
      return value < MIN_DOCUMENT_DATE ? MESSAGES.pastDate : undefined;
    },
  });
  const message = visibleError(meta);
  // The refusal already says it (and what to do): the closed month's hint is not repeated under it.
  const closedHint = closedUntil === null || message === periodClosedMessage(closedUntil) ? null : periodClosedHint(closedUntil);
  const note = monthNote && !meta.error ? earlierMonthNote(input.value ?? '', today) : null;
  const hints = [closedHint, note].filter((h): h is string => h !== null);
  return (
    <Field
      label={label}
      required={required}
      validationMessage={message}
      validationState={message ? 'error' : 'none'}
      hint={hints.length === 0 ? undefined : hints.length === 1 ? hints[0] : hints.map((h) => <span key={h}>{h} </span>)}
    >
      <DateInput
        name={input.name}
        min={firstOpenDay > MIN_DOCUMENT_DATE ? firstOpenDay : MIN_DOCUMENT_DATE}
        max={today}
        value={input.value ?? ''}
        disabled={disabled}
        onChange={(value) => input.onChange(value)}
        onBlur={() => input.onBlur()}
        onFocus={() => input.onFocus()}
      />
    </Field>
  );
}
