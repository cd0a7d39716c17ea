import { Box, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { useTranslate } from 'react-admin';
import { shortAddress, type MintJob } from '../../pages/mint-queue/constants';
import MintStatusChip from '../../pages/mint-queue/MintStatusChip';
import TxLink from '../../pages/mint-queue/TxLink';
import { useFormat } from '../../hooks/useFormat';

const COLUMNS = ['walletAddress', 'tokenId', 'amount', 'status', 'attempts', 'txHash'] as const;

/** The order's mint jobs (one per tokenised line), with the same status chips and links as the Mint Queue. */
export default function OrderMints({ jobs }: { jobs: MintJob[] }) {
  const translate = useTranslate();
  const { number } = useFormat();
  return (
    <Table size="small">
      <TableHead>
        <TableRow>
          {COLUMNS.map((c) => <TableCell key={c}>{translate(`resources.mint-jobs.fields.${c}`)}</TableCell>)}
        </TableRow>
      </TableHead>
      <TableBody>
        {jobs.map((j) => (
          <TableRow key={j.id}>
            <TableCell><Box component="span" sx={{ fontFamily: 'monospace' }} title={j.walletAddress}>{shortAddress(j.walletAddress)}</Box></TableCell>
            <TableCell>{j.tokenId}</TableCell>
            <TableCell>{j.amount}</TableCell>
            <TableCell><MintStatusChip status={j.status} /></TableCell>
            <TableCell>{translate('app.mint_queue.attempts_of', { attempts: number(j.attempts), max: number(j.maxAttempts ?? 5) })}</TableCell>
            <TableCell><TxLink hash={j.txHash} url={j.explorerUrl} /></TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
