// The three-step document wizard (spec §2 "Dispatch wizard" / "Invoice wizard", §4, §9), for
// react-final-form. Rules it keeps for every document:
// - only the step on screen is validated, on every change; forward needs it to pass (a failed
//   attempt shows every message of the step), back is always allowed;
// - the stepper shows where the user is but cannot be clicked;
// - a step may demand a minimum of rows: going forward without them shows the "¡Hey!" notice;
// - saving sends one Idempotency-Key per attempt-sequence, keeps the button disabled while the
//   request runs and after success, and resets the form FORM_RESET_DELAY_MS after success;
//   a failure keeps everything typed.
import { Button, makeStyles, Title2, tokens } from '@fluentui/react-components';
import type { FormApi } from 'final-form';
import arrayMutators from 'final-form-arrays';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Form } from 'react-final-form';
import { FORM_RESET_DELAY_MS, MIN_PRODUCTS_PER_DOCUMENT, WIZARD_MAX_WIDTH } from '../../domain';
import { ERROR_TITLE, useNotify } from '../../platform';
import { useIdempotencyKey } from './idempotency';
import { toFormErrors, type StepValidator } from './step-validation';
import { useTimedNotice } from './timed-notice';
import { WizardStepper } from './wizard-stepper';

export const NEXT_STEP_LABEL = 'Siguiente paso';
export const BACK_LABEL = 'Regresar';

export interface MinRowsRule {
  /** The array field, e.g. "products". */
  name: string;
  /** Notice text, e.g. "La factura debe contener por lo menos un producto." */
  message: string;
  /** Default MIN_PRODUCTS_PER_DOCUMENT (1). */
  min?: number;
}

export interface WizardStep<V> {
  /** Shown in the stepper: "Datos de la factura". */
  label: string;
  content: ReactNode;
  /** Validation of this step only; runs on every change. */
  validate?: StepValidator<V>;
  /** Going forward from this step needs rows. */
  minRows?: MinRowsRule;
}

export interface SaveContext {
  /** Send as the `Idempotency-Key` header. */
  idempotencyKey: string;
}

export interface FormWizardProps<V extends object, R> {
  /** "Nueva factura" */
  title: string;
  steps: WizardStep<V>[];
  /** Called on mount and again for each reset, so defaults such as today's date stay fresh. */
  initialValues: () => V;
  /** Label of the button leading to the last step: "Ver resumen de entrada". */
  reviewLabel: string;
  /** Label of the button on the last step: "Guardar entrada". */
  saveLabel: string;
  save(values: V, context: SaveContext): Promise<R>;
  /** Green notification after a save. */
  successMessage(result: R, values: V): string;
  /** Body of the "¡Oh no!" notification after a failed save. */
  errorMessage(error: unknown): string;
  /** After the success notification: navigate, invalidate caches. */
  onSaved?(result: R, values: V): void | Promise<unknown>;
}

const useStyles = makeStyles({
  root: {
    width: '100%',
    marginInline: 'auto',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    boxSizing: 'border-box',
    padding: tokens.spacingHorizontalM,
  },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXL },
  step: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, border: 'none', padding: 0, margin: 0 },
  actions: { display: 'flex', justifyContent: 'flex-end', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
});

function rowCount(values: object, name: string): number {
  const rows = (values as Record<string, unknown>)[name];
  return Array.isArray(rows) ? rows.length : 0;
}

export function FormWizard<V extends object, R>(props: FormWizardProps<V, R>) {
  const { title, steps, reviewLabel, saveLabel } = props;
  const styles = useStyles();
  const notify = useNotify();
  const showNotice = useTimedNotice();
  const keys = useIdempotencyKey();
  const [step, setStep] = useState(0);
  const [saved, setSaved] = useState(false);
  const last = steps.length - 1;

  // The latest props, read by callbacks whose identity must stay stable: final-form re-validates
  // whenever `validate` or `onSubmit` change identity.
  const latest = useRef(props);
  latest.current = props;
  const [initialValues] = useState(() => props.initialValues());
  const saving = useRef(false);
  const resetTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (resetTimer.current) clearTimeout(resetTimer.current);
    },
    [],
  );

  const validate = useCallback(
    (values: V) => toFormErrors(latest.current.steps[step]?.validate?.(values) ?? {}),
    [step],
  );

  const save = useCallback(
    async (values: V, form: FormApi<V>) => {
      if (saving.current) return undefined;
      saving.current = true;
      const { save, successMessage, errorMessage, onSaved } = latest.current;
      try {
        const idempotencyKey = keys.keyFor(values);
        let result: R;
        try {
          result = await save(values, { idempotencyKey });
        } catch (error) {
          notify.error(ERROR_TITLE, errorMessage(error));
          return undefined;
        }
        keys.clear();
        setSaved(true);
        notify.success(successMessage(result, values));
        resetTimer.current = setTimeout(() => {
          resetTimer.current = null;
          form.restart(latest.current.initialValues());
          setStep(0);
          setSaved(false);
        }, FORM_RESET_DELAY_MS);
        await onSaved?.(result, values);
        return undefined;
      } finally {
        saving.current = false;
      }
    },
    [keys, notify],
  );

  // Synchronous for the forward steps: an async onSubmit would mark the form "submitting"
  // (buttons disabled) until a later tick.
  const onSubmit = useCallback(
    (values: V, form: FormApi<V>) => {
      if (step < last) {
        setStep(step + 1);
        return undefined;
      }
      return save(values, form);
    },
    [step, last, save],
  );

  const current = steps[step];

  return (
    <div className={styles.root} style={{ maxWidth: WIZARD_MAX_WIDTH }}>
      <Title2 as="h1">{title}</Title2>
      <WizardStepper labels={steps.map((s) => s.label)} current={step} />
      <Form<V>
        onSubmit={onSubmit}
        validate={validate}
        mutators={mutators}
        initialValues={initialValues}
        subscription={{ submitting: true }}
      >
        {({ handleSubmit, form, submitting }) => (
          <form
            noValidate
            aria-label={title}
            className={styles.form}
            onSubmit={(event) => {
              event.preventDefault();
              const rule = current?.minRows;
              if (step < last && rule && rowCount(form.getState().values, rule.name) < (rule.min ?? MIN_PRODUCTS_PER_DOCUMENT)) {
                showNotice(rule.message);
                return;
              }
              void handleSubmit(event);
            }}
          >
            {/* Every step stays mounted (hidden when not current): react-final-form 7 puts a
                re-registered field back to its initial value, which would lose what the user
                typed when going back and forth. */}
            {steps.map((s, index) => (
              <fieldset key={s.label} className={styles.step} aria-label={s.label} hidden={index !== step}>
                {s.content}
              </fieldset>
            ))}
            <div className={styles.actions}>
              {step > 0 && (
                <Button type="button" disabled={submitting || saved} onClick={() => setStep(step - 1)}>
                  {BACK_LABEL}
                </Button>
              )}
              <Button type="submit" appearance="primary" disabled={submitting || saved}>
                {step === last ? saveLabel : step === last - 1 ? reviewLabel : NEXT_STEP_LABEL}
              </Button>
            </div>
          </form>
        )}
      </Form>
    </div>
  );
}

// Stable identity: a new object would make final-form re-register its mutators on every render.
const mutators = { ...arrayMutators };
