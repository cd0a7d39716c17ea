import { Alert, LinearProgress, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { useCanAccess, useTranslate } from 'react-admin';
import type { Conversion, PointsEntry, Redemption } from '../../../common/membership';
import Mono from '../../components/Mono';
import MintStatusChip from '../../components/MintStatusChip';
import TablePager from '../../components/TablePager';
import TxLink from '../../components/TxLink';
import { isInAppLink, shortId } from '../../components/ids';
import { useFormat } from '../../hooks/useFormat';
import { RedemptionStatusChip } from './MembershipChips';
import { useHistory, type HistoryKind } from './useMembershipData';

const M = 'app.membership';

type Column<R> = { key: string; label: string; align?: 'right'; render: (row: R) => ReactNode };

/** One history, a page at a time: loading, its error, its empty sentence, or a table of its rows and its pager. */
function HistoryTable<R extends { id: string }>({ kind, email, columns, empty, testId }: {
  kind: HistoryKind;
  email?: string;
  columns: Column<R>[];
  empty: string;
  testId: string;
}) {
  const translate = useTranslate();
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(25);
  // Another member looked up starts at their first page.
  const [shownFor, setShownFor] = useState(email);
  if (shownFor !== email) {
    setShownFor(email);
    setPage(0);
  }
  const query = useHistory<R>(kind, email, page, perPage);
  if (query.isPending) return <LinearProgress />;
  if (query.error) return <Alert severity="error">{translate(`${M}.error`, { error: query.error.message })}</Alert>;
  if (query.data.total === 0) return <Typography sx={{ p: 2 }} data-testid={`${testId}-empty`}>{translate(empty)}</Typography>;
  return (
    <>
      {query.isFetching && <LinearProgress />}
      <Table size="small" data-testid={testId} sx={{ overflowX: 'auto', display: { xs: 'block', md: 'table' } }}>
        <TableHead>
          <TableRow>
            {columns.map((c) => <TableCell key={c.key} align={c.align}>{translate(c.label)}</TableCell>)}
          </TableRow>
        </TableHead>
        <TableBody>
          {query.data.rows.map((row) => (
            <TableRow key={row.id}>
              {columns.map((c) => <TableCell key={c.key} align={c.align} className={`column-${c.key}`}>{c.render(row)}</TableCell>)}
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <TablePager total={query.data.total} page={page} perPage={perPage} onPage={setPage} onPerPage={setPerPage} />
    </>
  );
}

/** Date, Type, Amount (+ when positive), Reason. */
export function PointsHistoryTab({ email }: { email?: string }) {
  const translate = useTranslate();
  const { dateTime, number } = useFormat();
  const P = `${M}.points`;
  return (
    <HistoryTable<PointsEntry>
      kind="points"
      email={email}
      testId="points-history"
      empty={`${P}.empty`}
      columns={[
        { key: 'createdAt', label: `${P}.date`, render: (r) => dateTime(r.createdAt) },
        { key: 'type', label: `${P}.type`, render: (r) => translate(`${P}.types.${r.type}`, { _: r.type }) },
        { key: 'amount', label: `${P}.amount`, align: 'right', render: (r) => number(r.amount, { signDisplay: 'exceptZero' }) },
        { key: 'reason', label: `${P}.reason`, render: (r) => r.reason },
      ]}
    />
  );
}

/** Date, Product (or "Unknown Product"), Quantity, Points Used, Status. */
export function RedemptionsTab({ email }: { email?: string }) {
  const translate = useTranslate();
  const { dateTime, number } = useFormat();
  const R = `${M}.redemptions`;
  return (
    <HistoryTable<Redemption>
      kind="redemptions"
      email={email}
      testId="redemption-history"
      empty={`${R}.empty`}
      columns={[
        { key: 'createdAt', label: `${R}.date`, render: (r) => dateTime(r.createdAt) },
        { key: 'product', label: `${R}.product`, render: (r) => r.product?.title ?? translate(`${R}.unknown_product`) },
        { key: 'quantity', label: `${R}.quantity`, align: 'right', render: (r) => number(r.quantity) },
        { key: 'pointsUsed', label: `${R}.points_used`, align: 'right', render: (r) => number(r.pointsUsed) },
        { key: 'status', label: `${R}.status`, render: (r) => <RedemptionStatusChip status={r.status} /> },
        { key: 'orderId', label: `${R}.order`, render: (r) => (r.orderId ? <Mono title={r.orderId}>{shortId(r.orderId)}</Mono> : '—') },
      ]}
    />
  );
}

/** Date, From, To, Amount, Rate, and the mint's status and transaction. */
export function ConversionsTab({ email }: { email?: string }) {
  const translate = useTranslate();
  const { dateTime, number } = useFormat();
  const C = `${M}.conversions`;
  const { canAccess: canOpenTx = false } = useCanAccess({ resource: 'mint-queue', action: 'list' });
  const tokenName = (token: string) => translate(`${C}.tokens.${token}`, { _: token });
  return (
    <HistoryTable<Conversion>
      kind="conversions"
      email={email}
      testId="conversion-history"
      empty={`${C}.empty`}
      columns={[
        { key: 'createdAt', label: `${C}.date`, render: (r) => dateTime(r.createdAt) },
        { key: 'from', label: `${C}.from`, render: (r) => tokenName(r.fromToken) },
        { key: 'to', label: `${C}.to`, render: (r) => tokenName(r.toToken) },
        { key: 'amount', label: `${C}.amount`, align: 'right', render: (r) => translate(`${C}.amount_value`, { from: number(r.fromAmount), to: number(r.toAmount) }) },
        { key: 'rate', label: `${C}.rate`, render: (r) => translate(`${C}.rate_value`, { points: number(r.rate) }) },
        { key: 'status', label: `${C}.status`, render: (r) => <MintStatusChip status={r.status} /> },
        // The app's own transaction page is the mint queue's: a member without it sees the hash unlinked.
        { key: 'txHash', label: `${C}.transaction`, render: (r) => <TxLink hash={r.txHash} url={r.explorerUrl && (canOpenTx || !isInAppLink(r.explorerUrl)) ? r.explorerUrl : null} /> },
      ]}
    />
  );
}
