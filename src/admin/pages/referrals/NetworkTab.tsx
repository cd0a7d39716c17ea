import { Box, Table, TableBody, TableCell, TableHead, TableRow, TablePagination, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import type { Referral } from '../../../common/referrals';
import { apiGet, toQuery } from '../../../lib/api';
import { useDebounced } from '../../hooks/useDebounced';
import ExportButton from '../../components/ExportButton';
import { useFormat } from '../../hooks/useFormat';

const PAGE = 50;

/** Who referred whom (two levels), with what each referrer earned from that person; search and pages. */
export default function NetworkTab() {
  const translate = useTranslate();
  const { money, dateTime } = useFormat();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const q = useDebounced(search.trim());
  const list = useQuery({
    queryKey: ['referrals', q, page],
    queryFn: () => apiGet<{ referrals: Referral[]; total: number }>(`/api/referrals${toQuery({ q: q || undefined, limit: PAGE, offset: page * PAGE })}`),
  });
  const t = (key: string) => translate(`app.referrals.network.${key}`);
  const rows = list.data?.referrals ?? [];
  return (
    <Box>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
        <TextField size="small" placeholder={t('search')} value={search} onChange={(e) => { setSearch(e.target.value); setPage(0); }} sx={{ minWidth: 280 }} />
        <ExportButton path="/api/referrals/export.csv" resource="referrals" query={{ q: q || undefined }} total={list.data?.total} />
      </Box>
      {list.error && <Typography color="error">{`${translate('app.referrals.load_failed')}: ${list.error.message}`}</Typography>}
      {!list.isPending && rows.length === 0 ? <Typography color="text.secondary">{t('empty')}</Typography> : (
        <Table size="small">
          <TableHead><TableRow>{['referrer', 'referred', 'level2', 'earnings', 'active', 'date'].map((k) => <TableCell key={k}>{t(k)}</TableCell>)}</TableRow></TableHead>
          <TableBody>
            {rows.map((r) => (
              <TableRow key={r.id}>
                <TableCell>{r.userEmail}</TableCell>
                <TableCell>{r.referredEmail}</TableCell>
                <TableCell>{r.level2Email ?? '—'}</TableCell>
                <TableCell>{money(r.totalEarnings)}</TableCell>
                <TableCell>{t(r.active ? 'yes' : 'no')}</TableCell>
                <TableCell>{dateTime(r.createdAt)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {(list.data?.total ?? 0) > PAGE && (
        <TablePagination component="div" count={list.data!.total} page={page} rowsPerPage={PAGE} rowsPerPageOptions={[PAGE]} onPageChange={(_, p) => setPage(p)} />
      )}
    </Box>
  );
}
