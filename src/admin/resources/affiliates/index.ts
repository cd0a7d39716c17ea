import HandshakeIcon from '@mui/icons-material/Handshake';
import type { Affiliate } from '../../../common/referrals';
import { lazyResource } from '../../lazyResource';

/** Affiliates at /affiliates and each one's page (API /api/affiliates): staff read the partners and their commissions. */
export default lazyResource({
  name: 'affiliates',
  icon: HandshakeIcon,
  recordRepresentation: (record: Affiliate) => record.email,
  list: () => import('./AffiliateList'),
  show: () => import('./AffiliateShow'),
});
