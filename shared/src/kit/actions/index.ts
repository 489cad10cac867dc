export { useAction } from './use-action';
export type { Action, ActionOptions, SaveOutcome } from './use-action';
export { LoadFailure, LoadProblem, RefreshFailure, tableLoadError } from './load-failure';
export { AreaRoutes } from './area-routes';
export type { PageComponents } from './area-routes';
export { GATE_TEXTS, PermissionGate } from './permission-gate';
export type { LoadFailureProps, LoadProblemProps } from './load-failure';
export { useLoadErrorToast } from './use-load-error-toast';
export { withoutPeriod } from './without-period';
export {
  REPORT_DOWNLOAD_ERROR_TEXT,
  downloadReport,
  isTransient,
  reportFileName,
  reportRetryDelayMs,
  saveFile,
  useReportDownload,
  withRetries,
} from './report-download';
export type { ReportDownload, ReportRequest, RetryOptions, SavedReport, Sleep } from './report-download';
export { productLabel, useProductNames } from './use-product-names';
