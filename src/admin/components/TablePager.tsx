import { TablePagination } from '@mui/material';
import { useTranslate } from 'react-admin';

/** A table's pager with a rows-per-page choice, labelled through react-admin's catalogue; a new page size starts at the first page. */
export default function TablePager({ total, page, perPage, onPage, onPerPage }: {
  total: number; page: number; perPage: number; onPage: (page: number) => void; onPerPage: (perPage: number) => void;
}) {
  const translate = useTranslate();
  return (
    <TablePagination component="div" count={total} page={page} rowsPerPage={perPage} rowsPerPageOptions={[10, 25, 50, 100]}
      onPageChange={(_, p) => onPage(p)} onRowsPerPageChange={(e) => { onPerPage(Number(e.target.value)); onPage(0); }}
      labelRowsPerPage={translate('ra.navigation.page_rows_per_page')}
      labelDisplayedRows={({ from, to, count }) => translate('ra.navigation.page_range_info', { offsetBegin: from, offsetEnd: to, total: count })} />
  );
}
