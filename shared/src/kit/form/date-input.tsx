import { CalendarRegular } from '@fluentui/react-icons';
import { useEffect, useRef, useState } from 'react';
import { Button, makeStyles } from '@almacen/shared/fluent';
import { Input } from '@almacen/shared/fluent-pages';
import { DATE_PLACEHOLDER, dateTextToIso, isoToDateText, maskDateText } from './date-text';

export interface DateInputProps {
  /** YYYY-MM-DD, '' for none, or (inside a form) the text typed while it names no date. */
  value: string;
  /** Called with YYYY-MM-DD, '' when cleared, or the text as typed when it names no date. */
  onChange: (value: string) => void;
  /** Earliest and latest day the calendar offers (YYYY-MM-DD). */
  min?: string;
  max?: string;
  name?: string;
  size?: 'small' | 'medium';
  disabled?: boolean;
  onBlur?: () => void;
  onFocus?: () => void;
  /** For the field's root (a width in a narrow filter bar). */
  className?: string;
}

const useStyles = makeStyles({
  after: { position: 'relative', display: 'inline-flex' },
  // The browser's own calendar, opened by the button: never focused nor read, and its value
  // is always YYYY-MM-DD, so the language of the browser does not matter here.
  picker: {
    position: 'absolute',
    right: '0',
    bottom: '0',
    width: '1px',
    height: '1px',
    opacity: 0,
    border: 'none',
    padding: '0',
    pointerEvents: 'none',
  },
});

/**
 * A date typed and shown as DD/MM/YYYY whatever the browser's language (a native date input
 * follows it), with a button that opens a calendar. The value handed out stays YYYY-MM-DD.
 */
export function DateInput({ value, onChange, min, max, name, size, disabled, onBlur, onFocus, className }: DateInputProps) {
  const styles = useStyles();
  const [text, setText] = useState(() => isoToDateText(value));
  const picker = useRef<HTMLInputElement>(null);
  // A new value from outside (a draft restored, a CFDI loaded, the calendar) replaces the text;
  // the value that the text itself produced does not, so typing is never rewritten under the caret.
  useEffect(() => {
    setText((current) => (dateTextToIso(current) === value || current === value ? current : isoToDateText(value)));
  }, [value]);
  const iso = dateTextToIso(text);
  const type = (typed: string) => {
    setText(typed);
    const parsed = dateTextToIso(typed);
    onChange(parsed ?? typed);
  };
  return (
    <Input
      className={className}
      name={name}
      size={size}
      value={text}
      disabled={disabled}
      placeholder={DATE_PLACEHOLDER}
      inputMode="numeric"
      autoComplete="off"
      onChange={(_event, data) => type(maskDateText(data.value, text))}
      onFocus={() => onFocus?.()}
      onBlur={() => {
        if (iso) setText(isoToDateText(iso));
        onBlur?.();
      }}
      contentAfter={
        <span className={styles.after}>
          <Button
            appearance="transparent"
            size="small"
            icon={<CalendarRegular />}
            aria-label="Elegir la fecha en el calendario"
            title="Elegir la fecha en el calendario"
            disabled={disabled}
            onClick={() => {
              try {
                picker.current?.showPicker();
              } catch {
                picker.current?.focus();
              }
            }}
          />
          <input
            ref={picker}
            className={styles.picker}
            type="date"
            tabIndex={-1}
            aria-hidden="true"
            value={iso ?? ''}
            min={min}
            max={max}
            disabled={disabled}
            onChange={(event) => {
              setText(isoToDateText(event.target.value));
              onChange(event.target.value);
            }}
          />
        </span>
      }
    />
  );
}
