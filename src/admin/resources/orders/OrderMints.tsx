import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { MintJob } from '../../../common/mint';
import { shortAddress } from '../../components/ids';
import MintStatusChip from '../../components/MintStatusChip';
import Mono from '../../components/Mono';
import TxLink from '../../components/TxLink';
import { useMintFormat } from '../../components/useMintFormat';

const COLUMNS = ['walletAddress', 'tokenId', 'amount', 'status', 'attempts', 'txHash'] as const;

/** The order's mint jobs (one per tokenised line), with the same status chips and links as the Mint Queue (scrolling sideways in their card on a phone, a region the keyboard can focus to scroll). */
export default function OrderMints({ jobs }: { jobs: MintJob[] }) {
  const translate = useTranslate();
  const { attempts, count } = useMintFormat();
  return (
    <TableContainer tabIndex={0} role="region" aria-label={translate('resources.orders.detail.mints')}>
      <Table size="small">
        <TableHead>
          <TableRow>
            {COLUMNS.map((c) => (
              <TableCell key={c}>{translate(`resources.mint-queue.fields.${c}`)}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {jobs.map((j) => (
            <TableRow key={j.id}>
              <TableCell>
                <Mono title={j.walletAddress}>{shortAddress(j.walletAddress)}</Mono>
              </TableCell>
              <TableCell>{j.tokenId}</TableCell>
              <TableCell>{count(j.amount)}</TableCell>
              <TableCell>
                <MintStatusChip status={j.status} />
              </TableCell>
              <TableCell>{attempts(j)}</TableCell>
              <TableCell>
                <TxLink hash={j.txHash} url={j.explorerUrl} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
