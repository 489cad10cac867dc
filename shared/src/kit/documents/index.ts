export { CANCEL_DOCUMENT_TEXTS, CancelDocumentDialog, CancellationDetails, CancelledBadge } from './cancel-document';
export type { CancelDocumentDialogProps } from './cancel-document';
