import LinkIcon from '@mui/icons-material/Link';
import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableRow,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useRefresh, useTranslate } from 'react-admin';
import type { OnchainQuote, Payout } from '../../../common/referrals';
import { apiGet, apiSend } from '../../../lib/api';
import Mono from '../../components/Mono';
import { usePayoutDecider } from './usePayoutDecider';
import { useFormat } from '../../hooks/useFormat';
import { useLastingNotify } from '../../hooks/useLastingNotify';

const t = (key: string) => `resources.payouts.onchain.${key}`;

/**
 * "Pay on chain" for finance and admins: the server's quote (wallet, rate, token amount, the platform wallet's balance)
 * is shown first; Confirm sends exactly that amount (a changed rate meanwhile is refused). A stored transfer that was not
 * finished (a crash, a slow chain) is finished by the same button, which then sends the same transfer again or finds it.
 * A payout that waits for its approval is not offered (PayoutNextStep says whose); what happened stays on screen.
 */
export default function PayOnChain() {
  const { payout, canWrite, party, detail, approvalRequired } = usePayoutDecider();
  const translate = useTranslate();
  const notify = useLastingNotify();
  const refresh = useRefresh();
  const { money } = useFormat();
  const [error, setError] = useState<string | null>(null);
  // The how-many-th opening: each asks for a fresh quote (the rate moves).
  const [opened, setOpened] = useState(0);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  // A load like any screen's: asked again by itself when the server does not answer (queryClient.ts).
  const quoteQuery = useQuery({
    queryKey: ['payouts', payout?.id, 'onchain-quote', opened],
    enabled: open && !!payout,
    gcTime: 0,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    queryFn: async ({ signal }) =>
      (await apiGet<{ quote: OnchainQuote }>(`/api/payouts/${payout!.id}/onchain-quote`, { signal })).quote,
  });
  const quote = quoteQuery.data ?? null;
  const loadError = quoteQuery.error?.message ?? null;
  if (!payout || !detail || !canWrite || payout.status !== 'pending' || party.recipient) return null;
  const retry = payout.transferState === 'signed' || payout.transferState === 'sent';
  if (!retry && (approvalRequired || (!payout.walletAddress && !payout.recipientWallet))) return null;

  const openQuote = () => {
    setOpened((n) => n + 1);
    setOpen(true);
    setError(null);
  };

  const send = async () => {
    if (!quote) return;
    setBusy(true);
    setError(null);
    try {
      const res = await apiSend<{ payout: Payout }>(
        'POST',
        `/api/payouts/${payout.id}/pay-onchain`,
        retry ? {} : { amountWei: quote.amountWei },
      );
      const done = res.payout.status === 'completed';
      notify(translate(done ? t('done') : t('sent')), done ? 'success' : 'info');
      setOpen(false);
      refresh();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
      refresh();
    } finally {
      setBusy(false);
    }
  };

  const row = (label: string, value: ReactNode) => (
    <TableRow>
      <TableCell component="th" sx={{ fontWeight: 500 }}>
        {translate(t(label))}
      </TableCell>
      <TableCell>{value}</TableCell>
    </TableRow>
  );

  return (
    <>
      <Button size="small" variant="outlined" startIcon={<LinkIcon />} onClick={openQuote}>
        {translate(retry ? t('finish') : t('open'))}
      </Button>
      <Dialog
        open={open}
        onClose={() => !busy && setOpen(false)}
        aria-labelledby="pay-onchain-title"
        maxWidth="sm"
        fullWidth
      >
        <DialogTitle id="pay-onchain-title">{translate(t('title'))}</DialogTitle>
        <DialogContent>
          {(error ?? loadError) && (
            <Alert severity="error" sx={{ mb: 2 }} data-testid="pay-onchain-error">
              {error ?? loadError}
            </Alert>
          )}
          {!quote && !error && !loadError && <CircularProgress size={24} aria-label={translate(t('loading'))} />}
          {quote && (
            <>
              <Alert severity={retry ? 'warning' : 'info'} sx={{ mb: 2 }}>
                {translate(retry ? t('retry_help') : t('help'))}
              </Alert>
              <Table size="small">
                <TableBody>
                  {row('amount', money(quote.amount, quote.currency))}
                  {row('rate', translate(t('rate_value'), { rate: quote.rate, symbol: quote.symbol }))}
                  {row(
                    'tokens',
                    <strong data-testid="onchain-token-amount">{`${quote.tokenAmount} ${quote.symbol}`}</strong>,
                  )}
                  {row('to', <Mono>{quote.walletAddress}</Mono>)}
                  {row('from', <Mono>{quote.sender}</Mono>)}
                  {row('balance', `${quote.senderBalance} ${quote.symbol}`)}
                  {row('chain', quote.chainId)}
                </TableBody>
              </Table>
            </>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)} disabled={busy}>
            {translate('ra.action.cancel')}
          </Button>
          <Button
            variant="contained"
            onClick={send}
            disabled={!quote || busy}
            startIcon={busy ? <CircularProgress size={16} /> : undefined}
          >
            {translate(busy ? t('sending') : retry ? t('finish') : t('confirm'))}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
