import LockIcon from '@mui/icons-material/Lock';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import { Button } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import type { TokenHolder } from '../../../common/holders';
import { apiSend } from '../../../lib/api';
import ReasonDialog from '../../components/ReasonDialog';
import { shortAddress } from '../../components/ids';

const H = 'resources.products.holders';

/**
 * Freeze or Unfreeze on a holder's line: asks why (3–500 characters, kept and audited), then sends it; the mint worker
 * sets the contract so shortly after, and the list is read again.
 */
export default function HolderFreezeAction({ productId, holder }: { productId: string; holder: TokenHolder }) {
  const translate = useTranslate();
  const notify = useNotify();
  const queries = useQueryClient();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const action = holder.freeze ? 'unfreeze' : 'freeze';

  const send = async (reason: string) => {
    setBusy(true);
    try {
      await apiSend('POST', `/api/products/${productId}/holders/${action}`, { wallet: holder.wallet, reason });
      notify(`${H}.${action === 'freeze' ? 'frozen_done' : 'unfrozen_done'}`, { type: 'success' });
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
        color={holder.freeze ? 'primary' : 'error'}
        startIcon={holder.freeze ? <LockOpenIcon /> : <LockIcon />}
        disabled={busy}
        onClick={() => setAsking(true)}
      >
        {translate(`${H}.${action}`)}
      </Button>
      <ReasonDialog
        open={asking}
        busy={busy}
        title={translate(`${H}.${action}_title`, { wallet: shortAddress(holder.wallet) })}
        content={`${H}.${action}_help`}
        label={`${H}.reason`}
        confirm={`${H}.${action}`}
        onConfirm={(reason) => void send(reason)}
        onClose={() => setAsking(false)}
      />
    </>
  );
}
