import type { ReactNode } from 'react';
import { DataTable, useCanAccess, useTranslate, type RaRecord } from 'react-admin';
import type { Conversion, PointsEntry, Redemption } from '../../../common/membership';
import type { ResourceName } from '../../../common/resources';
import ListLoadError from '../../components/ListLoadError';
import ListShell from '../../components/ListShell';
import { useLine, type MobileLines } from '../../components/PhoneList';
import MintStatusChip from '../../components/MintStatusChip';
import RecordLink from '../../components/RecordLink';
import TxLink from '../../components/TxLink';
import { isInAppLink, shortId } from '../../components/ids';
import { useFormat } from '../../hooks/useFormat';
import { RedemptionStatusChip } from './MembershipChips';

const M = 'app.membership';

/**
 * One history, 25 rows a page (page in the address, beside the member's `email`): its rows, or its empty sentence.
 * `email` set: the member staff looked up; unset: the caller's own. Each member's pages are remembered apart.
 * `mobile`: what a phone shows of each row.
 */
function HistoryList<R extends RaRecord>({
  resource,
  email,
  texts,
  testId,
  mobile,
  children,
}: {
  resource: ResourceName;
  email?: string;
  texts: string;
  testId: string;
  mobile: MobileLines<R>;
  children: ReactNode;
}) {
  return (
    <div data-testid={testId}>
      <ListShell<R>
        key={email ?? ''}
        resource={resource}
        texts={texts}
        title={false}
        perPage={25}
        rowClick={false}
        mobile={mobile}
        filter={email ? { email } : undefined}
        storeKey={`${resource}.${email ?? 'me'}`}
        loadError={<ListLoadError message={`${M}.load_failed`} />}
      >
        {children}
      </ListShell>
    </div>
  );
}

const noSort = { disableSort: true } as const;

/** Date, Type, Amount (+ when positive), Reason. */
export function PointsHistoryTab({ email }: { email?: string }) {
  const translate = useTranslate();
  const { dateTime, number } = useFormat();
  const line = useLine();
  const P = `${M}.points`;
  const type = (r: PointsEntry) => translate(`${P}.types.${r.type}`, { _: r.type });
  const amount = (r: PointsEntry) => number(r.amount, { signDisplay: 'exceptZero' });
  return (
    <HistoryList<PointsEntry>
      resource="membership-points"
      email={email}
      texts={P}
      testId="points-history"
      mobile={{ primary: type, secondary: (r) => line(r.reason, dateTime(r.createdAt)), status: amount }}
    >
      <DataTable.Col<PointsEntry> source="createdAt" label={`${P}.date`} render={(r) => dateTime(r.createdAt)} />
      <DataTable.Col<PointsEntry> source="type" label={`${P}.type`} render={type} />
      <DataTable.Col<PointsEntry> source="amount" label={`${P}.amount`} align="right" render={amount} />
      <DataTable.Col<PointsEntry> source="reason" label={`${P}.reason`} {...noSort} />
    </HistoryList>
  );
}

/** Date, Product (or "Unknown Product"), Quantity, Points Used, Status, Order. */
export function RedemptionsTab({ email }: { email?: string }) {
  const translate = useTranslate();
  const { dateTime, number } = useFormat();
  const line = useLine();
  const R = `${M}.redemptions`;
  const product = (r: Redemption) => r.product?.title ?? translate(`${R}.unknown_product`);
  const order = (r: Redemption) =>
    r.orderId ? (
      <RecordLink resource="orders" id={r.orderId} mono title={r.orderId}>
        {shortId(r.orderId)}
      </RecordLink>
    ) : null;
  return (
    <HistoryList<Redemption>
      resource="membership-redemptions"
      email={email}
      texts={R}
      testId="redemption-history"
      mobile={{
        primary: (r) => translate(`${R}.phone_item`, { product: product(r), quantity: number(r.quantity) }),
        secondary: (r) =>
          line(translate(`${R}.phone_points`, { points: number(r.pointsUsed) }), dateTime(r.createdAt), order(r)),
        status: (r) => <RedemptionStatusChip status={r.status} />,
      }}
    >
      <DataTable.Col<Redemption> source="createdAt" label={`${R}.date`} render={(r) => dateTime(r.createdAt)} />
      <DataTable.Col<Redemption> source="product" label={`${R}.product`} {...noSort} render={product} />
      <DataTable.Col<Redemption>
        source="quantity"
        label={`${R}.quantity`}
        align="right"
        render={(r) => number(r.quantity)}
      />
      <DataTable.Col<Redemption>
        source="pointsUsed"
        label={`${R}.points_used`}
        align="right"
        render={(r) => number(r.pointsUsed)}
      />
      <DataTable.Col<Redemption>
        source="status"
        label={`${R}.status`}
        {...noSort}
        render={(r) => <RedemptionStatusChip status={r.status} />}
      />
      <DataTable.Col<Redemption> source="orderId" label={`${R}.order`} {...noSort} render={(r) => order(r) ?? '—'} />
    </HistoryList>
  );
}

/** Date, From, To, Amount, Rate, and the mint's status and transaction. */
export function ConversionsTab({ email }: { email?: string }) {
  const translate = useTranslate();
  const { dateTime, number } = useFormat();
  const C = `${M}.conversions`;
  const { canAccess: canOpenTx = false } = useCanAccess({ resource: 'mint-queue', action: 'list' });
  const line = useLine();
  const tokenName = (token: string) => translate(`${C}.tokens.${token}`, { _: token });
  const tx = (r: Conversion) => (
    <TxLink hash={r.txHash} url={r.explorerUrl && (canOpenTx || !isInAppLink(r.explorerUrl)) ? r.explorerUrl : null} />
  );
  return (
    <HistoryList<Conversion>
      resource="membership-conversions"
      email={email}
      texts={C}
      testId="conversion-history"
      mobile={{
        primary: (r) =>
          translate(`${C}.phone_amount`, {
            from: number(r.fromAmount),
            fromToken: tokenName(r.fromToken),
            to: number(r.toAmount),
            toToken: tokenName(r.toToken),
          }),
        secondary: (r) => line(dateTime(r.createdAt), r.txHash && tx(r)),
        status: (r) => <MintStatusChip status={r.status} />,
      }}
    >
      <DataTable.Col<Conversion> source="createdAt" label={`${C}.date`} render={(r) => dateTime(r.createdAt)} />
      <DataTable.Col<Conversion> source="from" label={`${C}.from`} {...noSort} render={(r) => tokenName(r.fromToken)} />
      <DataTable.Col<Conversion> source="to" label={`${C}.to`} {...noSort} render={(r) => tokenName(r.toToken)} />
      <DataTable.Col<Conversion>
        source="amount"
        label={`${C}.amount`}
        align="right"
        render={(r) => translate(`${C}.amount_value`, { from: number(r.fromAmount), to: number(r.toAmount) })}
      />
      <DataTable.Col<Conversion>
        source="rate"
        label={`${C}.rate`}
        {...noSort}
        render={(r) => translate(`${C}.rate_value`, { points: number(r.rate) })}
      />
      <DataTable.Col<Conversion>
        source="status"
        label={`${C}.status`}
        {...noSort}
        render={(r) => <MintStatusChip status={r.status} />}
      />
      {/* The app's own transaction page is the mint queue's: a member without it sees the hash unlinked. */}
      <DataTable.Col<Conversion> source="txHash" label={`${C}.transaction`} {...noSort} render={tx} />
    </HistoryList>
  );
}
