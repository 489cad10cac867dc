// Every report the portal offers comes in both formats the API makes: the button downloads the
// PDF (the document to print and sign), its menu offers PDF or XLSX (the figures to work with).
import { ArrowDownloadRegular } from '@fluentui/react-icons';
import type { ReactElement } from 'react';
import type { ReportRequest } from '@almacen/shared';
import { Spinner } from '@almacen/shared/fluent';
import { Menu, MenuItem, MenuList, MenuPopover, MenuTrigger, SplitButton } from '@almacen/shared/fluent-pages';

export type ReportFormat = 'pdf' | 'xlsx';

export const REPORT_FORMAT_TEXTS = {
  pdf: 'PDF',
  xlsx: 'Excel (XLSX)',
  formats: (label: string) => `${label}: elegir formato`,
} as const;

/** The same report in another format: `?format=` beside what it already asks. */
export function withFormat(request: ReportRequest, format: ReportFormat): ReportRequest {
  return format === 'pdf' ? request : { ...request, query: { ...request.query, format } };
}

export interface ReportButtonProps {
  label: string;
  /** Starts the download of the report in a format. */
  onDownload: (format: ReportFormat) => void;
  downloading?: boolean;
  disabled?: boolean;
  icon?: ReactElement;
  appearance?: 'primary' | 'secondary';
  size?: 'small' | 'medium';
  /** The button's accessible name when the label alone is ambiguous (one per row of a table). */
  name?: string;
}

export function ReportButton({
  label,
  onDownload,
  downloading = false,
  disabled = false,
  icon,
  appearance,
  size,
  name,
}: ReportButtonProps) {
  return (
    <Menu positioning="below-end">
      <MenuTrigger disableButtonEnhancement>
        {(triggerProps) => (
          <SplitButton
            appearance={appearance}
            size={size}
            icon={downloading ? <Spinner size="tiny" /> : (icon ?? <ArrowDownloadRegular />)}
            disabled={disabled || downloading}
            menuButton={{ ...triggerProps, 'aria-label': REPORT_FORMAT_TEXTS.formats(name ?? label) }}
            primaryActionButton={{ onClick: () => onDownload('pdf'), ...(name ? { 'aria-label': name } : {}) }}
          >
            {label}
          </SplitButton>
        )}
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          <MenuItem onClick={() => onDownload('pdf')}>{REPORT_FORMAT_TEXTS.pdf}</MenuItem>
          <MenuItem onClick={() => onDownload('xlsx')}>{REPORT_FORMAT_TEXTS.xlsx}</MenuItem>
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
