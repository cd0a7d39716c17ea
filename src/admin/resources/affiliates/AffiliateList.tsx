import RefreshIcon from '@mui/icons-material/Refresh';
import { Alert, Box, Button, Card, Table, TableBody, TableCell, TableHead, TablePagination, TableRow, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Title, useTranslate } from 'react-admin';
import type { Affiliate } from '../../../common/referrals';
import { apiGet, toQuery } from '../../../lib/api';
import { useDebounced } from '../../hooks/useDebounced';
import { useFormat } from '../../hooks/useFormat';
import ExportButton from '../../components/ExportButton';
import AffiliateCommissions from './AffiliateCommissions';

const PAGE = 50;

/** Affiliates (SPEC §2): search by name or email, the partners with their referrals and earnings, and one's commissions. */
export default function AffiliateList() {
  const translate = useTranslate();
  const { money, date, number } = useFormat();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const [selected, setSelected] = useState<Affiliate | null>(null);
  const q = useDebounced(search.trim());
  const list = useQuery({
    queryKey: ['affiliates', q, page],
    queryFn: () => apiGet<{ affiliates: Affiliate[]; total: number }>(`/api/affiliates${toQuery({ q: q || undefined, limit: PAGE, offset: page * PAGE })}`),
  });
  const t = (key: string) => translate(`resources.affiliates.${key}`);
  const rows = list.data?.affiliates ?? [];
  const nameOf = (a: Affiliate) => [a.firstName, a.lastName].filter(Boolean).join(' ') || a.name || t('na');
  return (
    <Box sx={{ py: 2 }}>
      <Title title="resources.affiliates.title" />
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', flexWrap: 'wrap', gap: 2 }}>
        <Box>
          <Typography variant="h5">{t('title')}</Typography>
          <Typography color="text.secondary">{t('subtitle')}</Typography>
        </Box>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          <Button startIcon={<RefreshIcon />} onClick={() => window.location.reload()}>{t('refresh')}</Button>
          <ExportButton path="/api/affiliates/export.csv" resource="affiliates" query={{ q: q || undefined }} total={list.data?.total} />
        </Box>
      </Box>
      <TextField size="small" placeholder={t('search')} value={search} onChange={(e) => { setSearch(e.target.value); setPage(0); }} sx={{ my: 2, minWidth: 300 }} />
      {list.error && <Alert severity="error" sx={{ mb: 2 }}>{`${t('load_failed')}: ${list.error.message}`}</Alert>}
      <Card variant="outlined">
        {!list.isPending && rows.length === 0 ? <Typography sx={{ p: 2 }} color="text.secondary">{t('empty')}</Typography> : (
          <Table size="small">
            <TableHead><TableRow>{['name', 'email', 'joined', 'referred', 'earnings', 'actions'].map((k) => <TableCell key={k}>{t(`columns.${k}`)}</TableCell>)}</TableRow></TableHead>
            <TableBody>
              {rows.map((a) => (
                <TableRow key={a.id} selected={selected?.id === a.id}>
                  <TableCell>{nameOf(a)}</TableCell>
                  <TableCell>{a.email}</TableCell>
                  <TableCell>{a.createdAt ? date(a.createdAt) : t('na')}</TableCell>
                  <TableCell>{number(a.referredCount)}</TableCell>
                  <TableCell>{money(a.totalEarnings)}</TableCell>
                  <TableCell><Button size="small" onClick={() => setSelected(a)}>{t('view')}</Button></TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        {(list.data?.total ?? 0) > PAGE && (
          <TablePagination component="div" count={list.data!.total} page={page} rowsPerPage={PAGE} rowsPerPageOptions={[PAGE]} onPageChange={(_, p) => setPage(p)} />
        )}
      </Card>
      {selected && <AffiliateCommissions affiliate={selected} />}
    </Box>
  );
}
