export { CANCEL_DOCUMENT_TEXTS, CancelDocumentDialog, CancellationDetails, CancelledBadge, documentStatusColumn } from './cancel-document';
export type { CancelDocumentDialogProps } from './cancel-document';
