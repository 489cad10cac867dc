// The document wizard kit shared by the entry (mf-invoices) and exit (mf-dispatches) wizards.
export { FormWizard, NEXT_STEP_LABEL, BACK_LABEL, SAVED_BUT_NOT_REFRESHED } from './form-wizard';
export type { FormWizardProps, SaveContext } from './form-wizard';
export type { MinRowsRule, WizardStep } from './form-wizard-steps';
export { ProductRows, ADD_PRODUCT_LABEL, newRowKey } from './product-rows';
export type { ProductRowRender, ProductRowsProps } from './product-rows';
export { WizardStepper } from './wizard-stepper';
export { SummaryFields } from './summary-fields';
export type { SummaryItem } from './summary-fields';
export { useTimedNotice, NOTICE_TITLE } from './timed-notice';
export { LEAVE_TEXTS, useLeaveGuard } from './leave-guard';
export { clearDraft, draftStorageKey, readDraft, writeDraft } from './wizard-draft';
export type { WizardDraft } from './wizard-draft';
export { closedPeriodStep, combineSteps, rowsStep, schemaStep, toFormErrors } from './step-validation';
export type { RowsStepOptions, StepValidator } from './step-validation';
export { useLastChoices } from './last-choices';
