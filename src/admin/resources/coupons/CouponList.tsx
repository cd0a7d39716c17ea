import { CreateButton, DataTable, useCanAccess, useTranslate } from 'react-admin';
import { COUPON_STATUSES, type Coupon } from '../../../common/coupons';
import ListShell, { type SelectFilter } from '../../components/ListShell';
import { useLine } from '../../components/PhoneList';
import { RowActions } from '../../components/WriteButtons';
import { useFormat } from '../../hooks/useFormat';
import CouponBulkActions from './CouponBulkActions';
import { CouponStatusChip, CouponTypeChip } from './CouponChips';
import { COUPONS_PER_PAGE } from './constants';
import { useCouponFormat } from './useCouponFormat';

const SELECTS: SelectFilter[] = [{ source: 'status', choices: COUPON_STATUSES, names: 'status', all: 'all_statuses' }];

const noWrap = () => ({ whiteSpace: 'nowrap' });
const column = (name: string) => `resources.coupons.columns.${name}`;

/** The coupons: search, status filter, 50-row pages sortable by code, use and expiry (the API's sorts). */
export default function CouponList() {
  const translate = useTranslate();
  const { number } = useFormat();
  const line = useLine();
  const { value, limit, day } = useCouponFormat();
  const { canAccess: canWrite = false } = useCanAccess({ resource: 'coupons', action: 'create' });
  return (
    <ListShell<Coupon>
      perPage={COUPONS_PER_PAGE}
      search
      selects={SELECTS}
      after={canWrite && <CreateButton label="resources.coupons.add" />}
      bulkActionButtons={canWrite && <CouponBulkActions />}
      mobile={{
        primary: (c) => c.code,
        secondary: (c) =>
          line(
            value(c),
            translate('resources.coupons.phone_used', { used: number(c.usedCount), limit: limit(c.usageLimit) }),
          ),
        status: () => <CouponStatusChip />,
      }}
    >
      <DataTable.Col source="code" cellSx={() => ({ fontFamily: 'monospace', whiteSpace: 'nowrap' })} />
      <DataTable.Col<Coupon>
        source="discountValue"
        label={column('value')}
        align="right"
        disableSort
        cellSx={noWrap}
        render={value}
      />
      <DataTable.Col source="discountType" label={column('type')} disableSort field={CouponTypeChip} />
      <DataTable.Col source="status" disableSort field={CouponStatusChip} />
      <DataTable.Col<Coupon> source="usedCount" align="right" render={(c) => number(c.usedCount)} />
      <DataTable.Col<Coupon>
        source="usageLimit"
        label={column('limit')}
        align="right"
        disableSort
        render={(c) => limit(c.usageLimit)}
      />
      <DataTable.Col<Coupon>
        source="endDate"
        label={column('expires')}
        cellSx={noWrap}
        render={(c) => day(c.endDate, 'never')}
      />
      <RowActions resource="coupons" />
    </ListShell>
  );
}
