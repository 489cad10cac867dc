// The footer of a DataTable: rows per page (5–100), "from–to of total", previous and next.
import { ChevronLeftRegular, ChevronRightRegular } from '@fluentui/react-icons';
import { useRef } from 'react';
import { useKeepNoticesClear } from '@almacen/shared';
import { PAGE_SIZES } from '@almacen/shared/domain';
import { Button, mergeClasses } from '@almacen/shared/fluent';
import { Select, Label, Text, useId } from '@almacen/shared/fluent-pages';
import { useTableStyles } from './styles';
import { TABLE_TEXTS } from './texts';

export interface TablePaginationProps {
  total: number;
  from: number;
  to: number;
  pageIndex: number;
  pageCount: number;
  pageSize: number;
  mobile: boolean;
  onPageSize: (size: number) => void;
  onPage: (index: number) => void;
}

// Previous and next only: no first/last page buttons.
export function TablePagination({ total, from, to, pageIndex, pageCount, pageSize, mobile, onPageSize, onPage }: TablePaginationProps) {
  const styles = useTableStyles();
  const selectId = useId('page-size');
  // The page buttons are pressed one after another: a notification never lands on them.
  const footer = useRef<HTMLDivElement>(null);
  useKeepNoticesClear(footer);
  return (
    <div ref={footer} className={mergeClasses(styles.footer, mobile && styles.footerMobile)}>
      <div className={styles.pageSize}>
        <Label htmlFor={selectId} size="small">
          {TABLE_TEXTS.rowsPerPage}
        </Label>
        <Select id={selectId} size="small" value={String(pageSize)} onChange={(_event, data) => onPageSize(Number(data.value))}>
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </Select>
      </div>
      <Text size={200} aria-live="polite">
        {TABLE_TEXTS.range(from, to, total)}
      </Text>
      <div>
        <Button
          appearance="subtle"
          size="small"
          icon={<ChevronLeftRegular />}
          aria-label={TABLE_TEXTS.previousPage}
          title={TABLE_TEXTS.previousPage}
          disabled={pageIndex === 0}
          onClick={() => onPage(pageIndex - 1)}
        />
        <Button
          appearance="subtle"
          size="small"
          icon={<ChevronRightRegular />}
          aria-label={TABLE_TEXTS.nextPage}
          title={TABLE_TEXTS.nextPage}
          disabled={pageIndex >= pageCount - 1}
          onClick={() => onPage(pageIndex + 1)}
        />
      </div>
    </div>
  );
}
