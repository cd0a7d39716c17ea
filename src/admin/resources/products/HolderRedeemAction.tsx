import LocalFireDepartmentIcon from '@mui/icons-material/LocalFireDepartment';
import { Button } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { maxValue, minValue, NumberInput, required, useNotify, useTranslate } from 'react-admin';
import type { TokenHolder } from '../../../common/holders';
import type { MintJob } from '../../../common/mint';
import { apiSend } from '../../../lib/api';
import ReasonDialog from '../../components/ReasonDialog';
import { shortAddress } from '../../components/ids';

const H = 'resources.products.holders';

/**
 * Redeem on a holder's line: the holder gave tokens back for the asset, and staff burn them. Asks how many (up to the
 * balance) and why, then queues the burn in the Mint Queue; above the manual mint threshold it waits there for a second
 * member of staff. The balance changes once the burn is on the chain and indexed.
 */
export default function HolderRedeemAction({ productId, holder }: { productId: string; holder: TokenHolder }) {
  const translate = useTranslate();
  const notify = useNotify();
  const queries = useQueryClient();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  // A balance past what a number input holds exactly is still redeemable in parts of at most this.
  const most = Math.min(Number(holder.balance), Number.MAX_SAFE_INTEGER);

  const send = async (reason: string, values: Record<string, unknown>) => {
    setBusy(true);
    try {
      const { job } = await apiSend<{ job: MintJob }>('POST', `/api/products/${productId}/holders/redeem`, {
        wallet: holder.wallet,
        amount: String(values.amount),
        reason,
      });
      notify(job.status === 'awaiting_approval' ? `${H}.redeem_awaiting` : `${H}.redeem_done`, {
        type: 'success',
        messageArgs: { amount: job.amount },
      });
      setAsking(false);
      await queries.invalidateQueries({ queryKey: ['products', productId, 'holders'] });
    } catch (err) {
      notify(`${H}.failed`, {
        type: 'error',
        messageArgs: { error: err instanceof Error ? err.message : String(err) },
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button
        size="small"
        startIcon={<LocalFireDepartmentIcon />}
        disabled={busy || holder.freeze !== null || most < 1}
        onClick={() => setAsking(true)}
      >
        {translate(`${H}.redeem`)}
      </Button>
      <ReasonDialog
        open={asking}
        busy={busy}
        title={translate(`${H}.redeem_title`, { wallet: shortAddress(holder.wallet) })}
        content={`${H}.redeem_help`}
        label={`${H}.reason`}
        confirm={`${H}.redeem`}
        defaults={{ amount: 1 }}
        onConfirm={(reason, values) => void send(reason, values)}
        onClose={() => setAsking(false)}
      >
        <NumberInput
          source="amount"
          label={`${H}.amount`}
          helperText={translate(`${H}.amount_help`, { balance: holder.balance })}
          validate={[required(), minValue(1), maxValue(most)]}
          step={1}
        />
      </ReasonDialog>
    </>
  );
}
