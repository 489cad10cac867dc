export { CANCEL_DOCUMENT_TEXTS, CancelDocumentDialog, CancellationDetails, CancelledBadge, documentStatusColumn } from './cancel-document';
export type { CancelDocumentDialogProps } from './cancel-document';
export { REPORT_FORMAT_TEXTS, ReportButton, withFormat } from './report-button';
export type { ReportButtonProps, ReportFormat } from './report-button';
