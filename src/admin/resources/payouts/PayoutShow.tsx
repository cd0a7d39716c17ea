import { Alert, Box, Chip, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import {
  FunctionField,
  Labeled,
  ListButton,
  SimpleShowLayout,
  TopToolbar,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import type { Payout, PayoutDetail } from '../../../common/referrals';
import AwaitDetail, { detailOf } from '../../components/AwaitDetail';
import { shortId } from '../../components/ids';
import Mono from '../../components/Mono';
import Panel from '../../components/Panel';
import RecordHistory from '../../components/RecordHistory';
import TxLink from '../../components/TxLink';
import { useFormat } from '../../hooks/useFormat';
import ApprovePayout from './ApprovePayout';
import PayOnChain from './PayOnChain';
import PayoutActions from './PayoutActions';
import PayoutNextStep from './PayoutNextStep';
import { PayoutStatusChip } from './PayoutChips';
import RecordLink from '../../components/RecordLink';
import { RecordShow } from '../../components/RecordPage';

const row = { display: 'flex', flexWrap: 'wrap', gap: 4 } as const;

/** What the payout pays (its commissions) and what it deducted (clawbacks). */
function Lines({ payout }: { payout: PayoutDetail }) {
  const translate = useTranslate();
  const { money, dateTime } = useFormat();
  const { commissions: held, adjustments: claws } = payout;
  const head = (key: string) => <TableCell>{translate(key)}</TableCell>;
  return (
    <>
      <Panel title="resources.payouts.detail.commissions" variant="subtitle1">
        {held.length === 0 ? (
          <Typography color="text.secondary">{translate('resources.payouts.detail.none')}</Typography>
        ) : (
          <Table size="small">
            <TableHead>
              <TableRow>
                {head('resources.payouts.detail.order')}
                {head('resources.payouts.detail.level')}
                {head('resources.payouts.fields.amount')}
                {head('resources.payouts.fields.createdAt')}
              </TableRow>
            </TableHead>
            <TableBody>
              {held.map((c) => (
                <TableRow key={c.id}>
                  <TableCell>
                    <RecordLink resource="orders" id={c.orderId} mono title={c.orderId}>
                      {shortId(c.orderId)}
                    </RecordLink>
                  </TableCell>
                  <TableCell>{c.level}</TableCell>
                  <TableCell>{money(c.amount, c.currency)}</TableCell>
                  <TableCell>{dateTime(c.createdAt)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Panel>
      <Panel title="resources.payouts.detail.adjustments" variant="subtitle1">
        {claws.length === 0 ? (
          <Typography color="text.secondary">{translate('resources.payouts.detail.none')}</Typography>
        ) : (
          claws.map((a) => (
            <Typography key={a.id} variant="body2">
              {`${money(a.amount)} · ${a.reason} · `}
              <RecordLink resource="orders" id={a.orderId} mono title={a.orderId}>
                {shortId(a.orderId)}
              </RecordLink>
            </Typography>
          ))
        )}
      </Panel>
    </>
  );
}

/** The lines come with the one-record answer; the list's payout renders the rest at once. */
function PayoutLines() {
  const record = useRecordContext<Payout | PayoutDetail>();
  const payout = record ? detailOf<Payout, PayoutDetail>(record, 'commissions') : null;
  return (
    <AwaitDetail detail={payout} lines={3}>
      {(p) => <Lines payout={p} />}
    </AwaitDetail>
  );
}

const STATE_COLOURS = { signed: 'info', sent: 'info', mined: 'success', reverted: 'error', lost: 'error' } as const;

/** The on-chain transfer of a crypto payout: its state, what it sent at which rate, its block, and why it failed. */
function Transfer() {
  const p = useRecordContext<PayoutDetail>();
  const translate = useTranslate();
  if (!p?.transferState) return null;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }} data-testid="payout-transfer">
      <Box sx={row}>
        <Labeled label="resources.payouts.fields.transferState">
          <Chip
            size="small"
            color={STATE_COLOURS[p.transferState]}
            label={translate(`resources.payouts.transfer.${p.transferState}`)}
          />
        </Labeled>
        <Labeled label="resources.payouts.fields.tokenAmount">
          <span>{p.tokenAmount ?? '—'}</span>
        </Labeled>
        <Labeled label="resources.payouts.fields.tokenRate">
          <span>{p.tokenRate ?? '—'}</span>
        </Labeled>
        <Labeled label="resources.payouts.fields.walletAddress">
          <Mono>{p.walletAddress ?? '—'}</Mono>
        </Labeled>
        <Labeled label="resources.payouts.fields.blockNumber">
          <span>{p.blockNumber ?? '—'}</span>
        </Labeled>
      </Box>
      {p.transferError && <Alert severity="error">{p.transferError}</Alert>}
    </Box>
  );
}

/** One payout: recipient, amounts, method, proof of transfer, its commissions and clawbacks; settling it for finance and admins. */
export default function PayoutShow() {
  const translate = useTranslate();
  const { money, dateTime } = useFormat();
  return (
    <RecordShow
      actions={
        <TopToolbar>
          <ListButton />
        </TopToolbar>
      }
    >
      <SimpleShowLayout>
        <FunctionField<PayoutDetail>
          label={false}
          render={(p) => (
            <Typography variant="h6">
              {`${money(p.amount, p.currency)} → `}
              <RecordLink resource="users" id={p.recipientId}>
                {p.recipient}
              </RecordLink>
            </Typography>
          )}
        />
        <Box sx={row}>
          <Labeled source="status">
            <PayoutStatusChip />
          </Labeled>
          <Labeled>
            <FunctionField<PayoutDetail>
              source="method"
              render={(p) => translate(`resources.payouts.method.${p.method}`)}
            />
          </Labeled>
          <Labeled>
            <FunctionField<PayoutDetail> source="gross" render={(p) => money(p.gross, p.currency)} />
          </Labeled>
          <Labeled>
            <FunctionField<PayoutDetail> source="deducted" render={(p) => money(p.deducted, p.currency)} />
          </Labeled>
          <Labeled>
            <FunctionField<PayoutDetail> source="createdAt" render={(p) => dateTime(p.createdAt)} />
          </Labeled>
          <Labeled>
            <FunctionField<PayoutDetail>
              source="completedAt"
              render={(p) => (p.completedAt ? dateTime(p.completedAt) : '—')}
            />
          </Labeled>
        </Box>
        <Box sx={row}>
          <Labeled>
            <FunctionField<PayoutDetail> source="reference" render={(p) => p.reference ?? '—'} />
          </Labeled>
          <Labeled>
            <FunctionField<PayoutDetail>
              source="txHash"
              render={(p) => <TxLink hash={p.txHash} url={p.txHash ? `/tx/${p.txHash}` : null} />}
            />
          </Labeled>
          <Labeled>
            <FunctionField<PayoutDetail> source="note" render={(p) => p.note ?? '—'} />
          </Labeled>
        </Box>
        <Box sx={row} data-testid="payout-approval">
          <Labeled>
            <FunctionField<PayoutDetail> source="createdByEmail" render={(p) => p.createdByEmail ?? '—'} />
          </Labeled>
          <Labeled>
            <FunctionField<PayoutDetail>
              source="approvedByEmail"
              render={(p) => p.approvedByEmail ?? translate('resources.payouts.approve.none')}
            />
          </Labeled>
          <Labeled>
            <FunctionField<PayoutDetail>
              source="approvedAt"
              render={(p) => (p.approvedAt ? dateTime(p.approvedAt) : '—')}
            />
          </Labeled>
        </Box>
        <Transfer />
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <PayoutNextStep />
          <ApprovePayout />
          <PayOnChain />
          <PayoutActions />
        </Box>
        <PayoutLines />
        <RecordHistory entity="payout" />
      </SimpleShowLayout>
    </RecordShow>
  );
}
