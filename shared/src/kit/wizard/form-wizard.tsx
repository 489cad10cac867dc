// The three-step document wizard (its steps and their rules: form-wizard-steps.ts), for
// react-final-form. Rules it keeps for every document:
// - one step on screen at a time; only that step is validated, on every change; forward needs it
//   to pass (a failed attempt shows every message of the step), back is always allowed;
// - the step is part of the browser history: Back and Forward move between the steps;
// - moving to a step puts the focus on its heading (screen readers announce it, and a second
//   Enter cannot press the next step's button before the person has seen the step);
// - the stepper shows where the user is but cannot be clicked;
// - a step may demand a minimum of rows: going forward without them shows the "¡Hey!" notice;
// - what was typed is a draft kept for the tab (wizard-draft.ts) until it is saved, and leaving
//   with unsaved data asks first (leave-guard.tsx);
// - saving sends one Idempotency-Key per request (kept with the draft), keeps the button disabled
//   while the request runs and after success, and resets the form FORM_RESET_DELAY_MS after
//   success; a failure keeps everything typed.
import type { FormApi } from 'final-form';
import arrayMutators from 'final-form-arrays';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Form, useFormState } from 'react-final-form';
import { ERROR_TITLE, useCurrentUser, useKeepNoticesClear, useNotify } from '@almacen/shared';
import { useIdempotencyKey, type IdempotencyState } from '@almacen/shared';
import { FORM_RESET_DELAY_MS, WIZARD_MAX_WIDTH } from '@almacen/shared/domain';
import { Button, makeStyles, mergeClasses, Title2, tokens } from '@almacen/shared/fluent';
import { typographyStyles } from '@almacen/shared/fluent-pages';
import { useLocation, useNavigate } from '@almacen/shared/router';
import { missingRows, reachableStep, requestedStep, STEP_STATE, type WizardStep } from './form-wizard-steps';
import { prefilledValues } from './last-choices';
import { useLeaveGuard } from './leave-guard';
import { toFormErrors } from './step-validation';
import { useTimedNotice } from './timed-notice';
import { clearDraft, draftStorageKey, readDraft, writeDraft } from './wizard-draft';
import { WizardStepper } from './wizard-stepper';

export const NEXT_STEP_LABEL = 'Siguiente paso';
export const BACK_LABEL = 'Regresar';

/** A saved document whose follow-up (refreshing the lists, going to the history) failed. */
export const SAVED_BUT_NOT_REFRESHED = 'El documento se guardó, pero la pantalla no se pudo actualizar. Recarga la página para verlo.';

export interface SaveContext {
  /** Send as the `Idempotency-Key` header. */
  idempotencyKey: string;
}

export interface FormWizardProps<V extends object, R> {
  /** "Nueva factura" */
  title: string;
  /**
   * Names the draft ("entrada"): what was typed is kept in sessionStorage under this name, per
   * person, until it is saved or the person leaves it.
   */
  draftName: string;
  steps: WizardStep<V>[];
  /** Called on mount and again for each reset, so defaults such as today's date stay fresh. */
  initialValues: () => V;
  /** Label of the button leading to the last step: "Ver resumen de entrada". */
  reviewLabel: string;
  /** Label of the button on the last step: "Guardar entrada". */
  saveLabel: string;
  /**
   * The body `save` sends. The idempotency key follows it, not the form: values that are only
   * shown (a row's availability, read again after a reload) must not make a retry a new document.
   * Defaults to the values.
   */
  request?(values: V): unknown;
  save(values: V, context: SaveContext): Promise<R>;
  /** Green notification after a save. */
  successMessage(result: R, values: V): string;
  /** Body of the "¡Oh no!" notification after a failed save. */
  errorMessage(error: unknown): string;
  /** After the success notification: navigate, invalidate caches. */
  onSaved?(result: R, values: V): void | Promise<unknown>;
  /** Said under the title, above the steps (an exit filled in from a request names it). */
  notice?: ReactNode;
}

const useStyles = makeStyles({
  // No margin or padding of its own: every area starts at the shell's padding, so the title does
  // not move when the person goes from a table to a wizard.
  root: {
    width: '100%',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    boxSizing: 'border-box',
  },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXL },
  step: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, border: 'none', padding: 0, margin: 0, minWidth: 0 },
  // `hidden` alone loses to the step's display: flex.
  hidden: { display: 'none' },
  // Focused by the wizard, not by the person: no focus ring on a heading that cannot be used.
  heading: { ...typographyStyles.subtitle1, margin: 0, outlineStyle: 'none' },
  actions: { display: 'flex', justifyContent: 'flex-end', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
});

/** What a person typed, for "is there anything to keep": a field emptied again is no content. */
function contentOf(values: object): string {
  return JSON.stringify(values, (_key, value: unknown) => (value === '' || value === null ? undefined : value));
}

/** Tells the wizard every change of the values (from inside the form). */
function ValuesWatcher<V>({ onChange }: { onChange(values: V): void }) {
  const { values } = useFormState<V>({ subscription: { values: true } });
  useEffect(() => onChange(values), [values, onChange]);
  return null;
}

export function FormWizard<V extends object, R>(props: FormWizardProps<V, R>) {
  const { title, steps, reviewLabel, saveLabel } = props;
  const styles = useStyles();
  const notify = useNotify();
  const showNotice = useTimedNotice();
  const location = useLocation();
  const navigate = useNavigate();
  const last = steps.length - 1;

  // The latest props, read by callbacks whose identity must stay stable: final-form re-validates
  // whenever `validate` or `onSubmit` change identity.
  const latest = useRef(props);
  latest.current = props;

  // The draft: restored once, written on every change (and with every new idempotency key).
  const storageKey = draftStorageKey(props.draftName, useCurrentUser().email);
  const [restored] = useState(() => readDraft<V>(storageKey));
  const [initialValues] = useState<V>(() => (restored ? { ...props.initialValues(), ...restored.values } : props.initialValues()));
  const draft = useRef<{ values: V; filled: boolean; idempotency: IdempotencyState | null }>({
    values: initialValues,
    filled: restored !== null,
    idempotency: restored?.idempotency ?? null,
  });
  // False from a successful save (or leaving) until the form is reset: nothing is kept meanwhile.
  const keeping = useRef(true);
  const [unsaved, setUnsaved] = useState(restored !== null);
  const persist = useCallback(() => {
    if (!keeping.current) return;
    const { values, filled, idempotency } = draft.current;
    if (filled || idempotency) writeDraft(storageKey, { values, idempotency });
    else clearDraft(storageKey);
  }, [storageKey]);
  const keys = useIdempotencyKey({
    initial: restored?.idempotency,
    onChange: (idempotency) => {
      draft.current.idempotency = idempotency;
      persist();
    },
  });
  const onValues = useCallback(
    (values: V) => {
      // The starting point: the blank document with what the person's last choices put in it.
      const start = {
        ...latest.current.initialValues(),
        ...(formApi.current ? prefilledValues(formApi.current as unknown as FormApi<object>) : {}),
      };
      const filled = contentOf(values) !== contentOf(start);
      draft.current = { ...draft.current, values, filled };
      persist();
      setUnsaved(filled && keeping.current);
    },
    [persist],
  );
  const leaveDialog = useLeaveGuard(unsaved, () => {
    keeping.current = false;
    clearDraft(storageKey);
    setUnsaved(false);
  });

  const formApi = useRef<FormApi<V> | null>(null);
  const [step, setStep] = useState(() => reachableStep(steps, initialValues, requestedStep(location)));
  const [saved, setSaved] = useState(false);

  // The step follows the history entry (Forward, Back, the wizard's own buttons), but only as far
  // as the values allow: a step is never shown before the ones leading to it pass. Entries of
  // other pages (the history after a save, while this is still mounted) are not the wizard's.
  const [home] = useState(location.pathname);
  const goTo = useCallback(
    (target: number) => navigate(location, { state: { ...(location.state as object | null), [STEP_STATE]: target } }),
    [navigate, location],
  );
  useEffect(() => {
    if (location.pathname !== home) return;
    const requested = requestedStep(location);
    const values = formApi.current?.getState().values ?? initialValues;
    const reachable = reachableStep(latest.current.steps, values, requested);
    if (reachable !== requested) {
      navigate(location, { replace: true, state: { ...(location.state as object | null), [STEP_STATE]: reachable } });
    }
    setStep(reachable);
    // Only a new history entry moves the step.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.key]);

  // Moving to a step puts the focus on its heading (not on the first load).
  const headings = useRef<Array<HTMLElement | null>>([]);
  const focusedStep = useRef(step);
  useEffect(() => {
    if (focusedStep.current === step) return;
    focusedStep.current = step;
    headings.current[step]?.focus();
  }, [step]);

  const actions = useRef<HTMLDivElement>(null);
  useKeepNoticesClear(actions);

  const resetTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const saving = useRef(false);
  useEffect(
    () => () => {
      if (resetTimer.current) clearTimeout(resetTimer.current);
    },
    [],
  );

  // A step's validator that changes (a closing read after the form opened) re-validates what is
  // typed: final-form runs the validation again when `validate` changes identity. Wizards keep
  // their validators stable otherwise (useMemo).
  const stepValidate = steps[step]?.validate;
  const validate = useCallback((values: V) => toFormErrors(stepValidate?.(values) ?? {}), [stepValidate]);

  const save = useCallback(
    async (values: V, form: FormApi<V>) => {
      if (saving.current) return undefined;
      saving.current = true;
      const { save, successMessage, errorMessage, onSaved, request } = latest.current;
      try {
        // Kept in the draft before the request leaves: a reload after a lost answer reuses it.
        const idempotencyKey = keys.keyFor(request ? request(values) : values);
        let result: R;
        try {
          result = await save(values, { idempotencyKey });
        } catch (error) {
          notify.error(ERROR_TITLE, errorMessage(error));
          return undefined;
        }
        keeping.current = false;
        clearDraft(storageKey);
        keys.clear();
        setUnsaved(false);
        setSaved(true);
        notify.success(successMessage(result, values));
        resetTimer.current = setTimeout(() => {
          resetTimer.current = null;
          keeping.current = true;
          form.restart(latest.current.initialValues());
          setStep(0);
          setSaved(false);
        }, FORM_RESET_DELAY_MS);
        // The document is saved whatever the follow-up does: a follow-up that fails (a refresh,
        // a navigation) is told, never left as an unhandled rejection or read as a failed save.
        try {
          await onSaved?.(result, values);
        } catch {
          notify.error(ERROR_TITLE, SAVED_BUT_NOT_REFRESHED);
        }
        return undefined;
      } finally {
        saving.current = false;
      }
    },
    [keys, notify, storageKey],
  );

  // Synchronous for the forward steps: an async onSubmit would mark the form "submitting"
  // (buttons disabled) until a later tick.
  const onSubmit = useCallback(
    (values: V, form: FormApi<V>) => {
      if (step < last) {
        goTo(step + 1);
        return undefined;
      }
      return save(values, form);
    },
    [step, last, save, goTo],
  );

  return (
    <div className={styles.root} style={{ maxWidth: WIZARD_MAX_WIDTH }}>
      <Title2 as="h1">{title}</Title2>
      {props.notice}
      <WizardStepper labels={steps.map((s) => s.label)} current={step} />
      <Form<V>
        onSubmit={onSubmit}
        validate={validate}
        mutators={mutators}
        initialValues={initialValues}
        subscription={{ submitting: true }}
      >
        {({ handleSubmit, form, submitting }) => {
          formApi.current = form;
          return (
            <form
              noValidate
              aria-label={title}
              className={styles.form}
              onSubmit={(event) => {
                event.preventDefault();
                const values = form.getState().values;
                if (step < last) {
                  const rule = missingRows(steps[step], values);
                  if (rule) {
                    showNotice(rule.message);
                    return;
                  }
                } else {
                  // Every earlier step must still pass (a restored draft, a value changed since):
                  // the first that does not is shown with its messages instead of a silent refusal.
                  const failing = reachableStep(steps, values, last);
                  if (failing < last) {
                    form.getRegisteredFields().forEach((name) => form.blur(name as keyof V));
                    const rule = missingRows(steps[failing], values);
                    if (rule) showNotice(rule.message);
                    navigate(failing - step);
                    return;
                  }
                }
                void handleSubmit(event);
              }}
            >
              <ValuesWatcher<V> onChange={onValues} />
              {/* Every step with fields stays mounted (hidden when not current): react-final-form 7
                  puts a re-registered field back to its initial value, which would lose what the
                  user typed when going back and forth. A review step has none to lose. */}
              {steps.map((s, index) => (
                <fieldset
                  key={s.label}
                  className={mergeClasses(styles.step, index !== step && styles.hidden)}
                  aria-label={s.label}
                  hidden={index !== step}
                >
                  <h2
                    className={styles.heading}
                    tabIndex={-1}
                    ref={(element) => {
                      headings.current[index] = element;
                    }}
                  >
                    {s.label}
                  </h2>
                  {s.review && index !== step ? null : s.content}
                </fieldset>
              ))}
              <div className={styles.actions} ref={actions}>
                {step > 0 && (
                  <Button key={`back-${step}`} type="button" disabled={submitting || saved} onClick={() => navigate(-1)}>
                    {BACK_LABEL}
                  </Button>
                )}
                {/* A new button for each step: a key pressed on one step's button cannot
                    press the next step's. */}
                <Button key={`next-${step}`} type="submit" appearance="primary" disabled={submitting || saved}>
                  {step === last ? saveLabel : step === last - 1 ? reviewLabel : NEXT_STEP_LABEL}
                </Button>
              </div>
            </form>
          );
        }}
      </Form>
      {leaveDialog}
    </div>
  );
}

// Stable identity: a new object would make final-form re-register its mutators on every render.
const mutators = { ...arrayMutators };
