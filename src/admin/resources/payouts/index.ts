import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import type { Payout } from '../../../common/referrals';
import { shortId } from '../../components/ids';
import { lazyResource } from '../../lazyResource';

/** Payouts: list and show at /payouts (API /api/payouts); finance and admins create and settle them, operators read. */
export default lazyResource({
  name: 'payouts',
  icon: AccountBalanceWalletIcon,
  recordRepresentation: (record: Payout) => shortId(record.id),
  list: () => import('./PayoutList'),
  show: () => import('./PayoutShow'),
});
