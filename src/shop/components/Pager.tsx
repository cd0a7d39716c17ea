import { Box, Pagination } from '@mui/material';
import { fill, useI18n } from '../i18n';

/** Numbered pages with translated labels for screen readers; nothing when everything fits on one page. */
export function Pager({
  page,
  pages,
  label,
  onChange,
}: {
  page: number;
  pages: number;
  label: string;
  onChange: (page: number) => void;
}) {
  const { m } = useI18n();
  if (pages <= 1) return null;
  return (
    <Box component="nav" aria-label={label} sx={{ display: 'flex', justifyContent: 'center', mt: 4 }}>
      <Pagination
        count={pages}
        page={Math.min(page, pages)}
        onChange={(_, p) => onChange(p)}
        color="primary"
        shape="rounded"
        getItemAriaLabel={(type, p, selected) => {
          if (type === 'page') return fill(selected ? m.paging.current : m.paging.page, { page: p ?? '' });
          return type === 'start-ellipsis' || type === 'end-ellipsis' ? '' : m.paging[type];
        }}
      />
    </Box>
  );
}
