import { Box } from '@mui/material';
import { FunctionField, Labeled, ListButton, SimpleShowLayout, TextField, TopToolbar } from 'react-admin';
import type { Coupon } from '../../../common/coupons';
import { WriteButtons } from '../../components/WriteButtons';
import { useFormat } from '../../hooks/useFormat';
import { CouponStatusChip, CouponTypeChip } from './CouponChips';
import { useCouponFormat } from './useCouponFormat';
import { RecordShow } from '../../components/RecordPage';

const row = { display: 'flex', flexWrap: 'wrap', gap: 4 } as const;

/** Every stored field of one coupon, with its uses so far. */
export default function CouponShow() {
  const { number, dateTime } = useFormat();
  const { value, limit, day, minimum } = useCouponFormat();
  return (
    <RecordShow
      actions={
        <TopToolbar>
          <ListButton />
          <WriteButtons resource="coupons" />
        </TopToolbar>
      }
    >
      <SimpleShowLayout>
        <TextField source="code" variant="h6" label={false} sx={{ fontFamily: 'monospace' }} />
        <Box sx={row}>
          <Labeled source="status">
            <CouponStatusChip />
          </Labeled>
          <Labeled source="discountType">
            <CouponTypeChip />
          </Labeled>
          <Labeled>
            <FunctionField<Coupon> source="discountValue" render={value} />
          </Labeled>
          <Labeled>
            <FunctionField<Coupon> source="minimumSubtotal" render={(c) => minimum(c.minimumSubtotal)} />
          </Labeled>
        </Box>
        <TextField source="description" emptyText="—" />
        <Box sx={row}>
          <Labeled>
            <FunctionField<Coupon> source="usedCount" render={(c) => number(c.usedCount)} />
          </Labeled>
          <Labeled>
            <FunctionField<Coupon> source="reservedCount" render={(c) => number(c.reservedCount)} />
          </Labeled>
          <Labeled>
            <FunctionField<Coupon> source="usageLimit" render={(c) => limit(c.usageLimit)} />
          </Labeled>
          <Labeled>
            <FunctionField<Coupon> source="perCustomerLimit" render={(c) => limit(c.perCustomerLimit)} />
          </Labeled>
        </Box>
        <Box sx={row}>
          <Labeled>
            <FunctionField<Coupon> source="startDate" render={(c) => day(c.startDate, 'immediately')} />
          </Labeled>
          <Labeled>
            <FunctionField<Coupon> source="endDate" render={(c) => day(c.endDate, 'never')} />
          </Labeled>
          <Labeled>
            <FunctionField<Coupon> source="createdAt" render={(c) => dateTime(c.createdAt)} />
          </Labeled>
          <Labeled>
            <FunctionField<Coupon> source="updatedAt" render={(c) => dateTime(c.updatedAt)} />
          </Labeled>
        </Box>
      </SimpleShowLayout>
    </RecordShow>
  );
}
