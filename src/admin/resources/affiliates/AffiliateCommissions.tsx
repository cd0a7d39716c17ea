import {
  Alert,
  Box,
  Chip,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import { COMMISSION_STATUSES, type Affiliate, type Commission } from '../../../common/referrals';
import { apiGet, toQuery } from '../../../lib/api';
import Mono from '../../components/Mono';
import { shortId } from '../../components/ids';
import { scrollCue } from '../../components/scrollCue';
import { useLine } from '../../components/PhoneList';
import { useFormat } from '../../hooks/useFormat';

/**
 * "Commissions for <name>": the affiliate's commissions, re-fetched when the selection or the status changes. On a
 * phone they are a list of lines (amount, order, rate, date, status), brought into view when `chosen` from the list.
 */
export default function AffiliateCommissions({ affiliate, chosen }: { affiliate: Affiliate; chosen?: boolean }) {
  const translate = useTranslate();
  const { money, dateTime, number } = useFormat();
  const line = useLine();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const frame = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (phone && chosen) frame.current?.scrollIntoView({ block: 'start' });
  }, [phone, chosen, affiliate.id]);
  const [status, setStatus] = useState('');
  const list = useQuery({
    queryKey: ['affiliates', affiliate.id, 'commissions', status],
    queryFn: () =>
      apiGet<{ commissions: Commission[] }>(
        `/api/affiliates/${affiliate.id}/commissions${toQuery({ status: status || undefined, limit: 200 })}`,
      ),
  });
  const t = (key: string, values?: Record<string, unknown>) => translate(`resources.affiliates.${key}`, values);
  const name = [affiliate.firstName, affiliate.lastName].filter(Boolean).join(' ') || affiliate.name || affiliate.email;
  const rows = list.data?.commissions ?? [];
  const rate = (c: Commission) => `${number(c.rate * 100, { minimumFractionDigits: 2, maximumFractionDigits: 2 })}%`;
  const statusChip = (c: Commission) => (
    <Chip size="small" label={translate(`app.referral_dashboard.status.${c.status}`)} />
  );
  return (
    <Box sx={{ mt: 3 }} ref={frame} data-testid="affiliate-commissions">
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', mb: 1, flexWrap: 'wrap' }}>
        <Typography variant="h6">{t('commissions_for', { name })}</Typography>
        <TextField
          select
          size="small"
          label={t('status_filter')}
          value={status}
          onChange={(e) => setStatus(e.target.value)}
          sx={{ minWidth: 160 }}
        >
          <MenuItem value="">{t('all')}</MenuItem>
          {COMMISSION_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {translate(`app.referral_dashboard.status.${s}`)}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      {list.error && <Alert severity="error">{`${t('commissions_failed')}: ${list.error.message}`}</Alert>}
      {!list.isPending && !list.error && rows.length === 0 ? (
        <Typography color="text.secondary">{t('no_commissions')}</Typography>
      ) : phone ? (
        <List className="phone-list" sx={{ '& .MuiListItemText-root': { minWidth: 0, overflowWrap: 'anywhere' } }}>
          {rows.map((c) => (
            <ListItem key={c.id}>
              <ListItemText
                primary={
                  <>
                    {money(c.amount, c.currency)}
                    <Box component="span" sx={{ float: 'right', ml: 1 }}>
                      {statusChip(c)}
                    </Box>
                  </>
                }
                secondary={line(<Mono title={c.orderId}>{shortId(c.orderId)}</Mono>, rate(c), dateTime(c.createdAt))}
              />
            </ListItem>
          ))}
        </List>
      ) : (
        <TableContainer sx={scrollCue}>
          <Table size="small">
            <TableHead>
              <TableRow>
                {['id', 'order', 'rate', 'amount', 'crypto', 'status', 'date'].map((k) => (
                  <TableCell key={k}>{t(`commission.${k}`)}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((c) => (
                <TableRow key={c.id}>
                  <TableCell>
                    <Mono title={c.id}>{shortId(c.id)}</Mono>
                  </TableCell>
                  <TableCell>
                    <Mono title={c.orderId}>{shortId(c.orderId)}</Mono>
                  </TableCell>
                  <TableCell>{rate(c)}</TableCell>
                  <TableCell>{money(c.amount, c.currency)}</TableCell>
                  <TableCell>
                    <Mono>{c.amountCrypto || '0.00000000'}</Mono>
                  </TableCell>
                  <TableCell>{statusChip(c)}</TableCell>
                  <TableCell>{dateTime(c.createdAt)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}
