// The steps of the document wizard (form-wizard.tsx): what a step is (WizardStep, with its
// validation and its minimum of rows), whether it passes, the furthest step the values let a
// person reach, and the step a browser history entry asks for.
import type { ReactNode } from 'react';
import { MIN_PRODUCTS_PER_DOCUMENT } from '@almacen/shared/domain';
import type { Location } from '@almacen/shared/router';
import type { StepValidator } from './step-validation';

/** Where the step lives in the browser history entry (react-router's location state). */
export const STEP_STATE = 'almacenWizardStep';

export interface MinRowsRule {
  /** The array field, e.g. "products". */
  name: string;
  /** Notice text, e.g. "La factura debe contener por lo menos un producto." */
  message: string;
  /** Default MIN_PRODUCTS_PER_DOCUMENT (1). */
  min?: number;
}

export interface WizardStep<V> {
  /** Shown in the stepper and as the step's heading: "Datos de la factura". */
  label: string;
  content: ReactNode;
  /**
   * Validation of this step only; runs on every change, and again whenever a new function is
   * given (keep it stable with useMemo unless what it checks against changed).
   */
  validate?: StepValidator<V>;
  /** Going forward from this step needs rows. */
  minRows?: MinRowsRule;
  /**
   * The step only shows the values (a review, without fields): it is drawn only while it is the
   * current step, so a change on another step does not redraw it unseen.
   */
  review?: boolean;
}

function rowCount(values: object, name: string): number {
  const rows = (values as Record<string, unknown>)[name];
  return Array.isArray(rows) ? rows.length : 0;
}

export function missingRows<V extends object>(step: WizardStep<V> | undefined, values: V): MinRowsRule | null {
  const rule = step?.minRows;
  return rule && rowCount(values, rule.name) < (rule.min ?? MIN_PRODUCTS_PER_DOCUMENT) ? rule : null;
}

function stepPasses<V extends object>(step: WizardStep<V>, values: V): boolean {
  return Object.keys(step.validate?.(values) ?? {}).length === 0 && !missingRows(step, values);
}

/** `requested`, or the first step before it that does not pass (a step is reached only through the ones before). */
export function reachableStep<V extends object>(steps: WizardStep<V>[], values: V, requested: number): number {
  const target = Math.min(Math.max(0, requested), steps.length - 1);
  for (let index = 0; index < target; index += 1) {
    if (!stepPasses(steps[index], values)) return index;
  }
  return target;
}

export function requestedStep(location: Location): number {
  const step = (location.state as Record<string, unknown> | null)?.[STEP_STATE];
  return typeof step === 'number' && Number.isInteger(step) ? step : 0;
}
