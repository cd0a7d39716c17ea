import RedeemIcon from '@mui/icons-material/Redeem';
import type { Redemption } from '../../../common/membership';
import { lazyResource } from '../../lazyResource';

/** Redemption requests at /redemptions (API /api/redemptions): a tab of Membership for the staff who decide them. */
export default lazyResource({
  name: 'redemptions',
  icon: RedeemIcon,
  recordRepresentation: (record: Redemption) => record.product?.title ?? record.id,
  guardList: true,
  list: () => import('./RedemptionList'),
});
