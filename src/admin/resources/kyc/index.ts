import BadgeIcon from '@mui/icons-material/Badge';
import type { KycSession } from '../../../common/kyc';
import { lazyResource } from '../../lazyResource';

/** The KYC review queue at /kyc (API /api/kyc), a tab of Users; admins and operators review, finance never sees it. */
export default lazyResource({
  name: 'kyc',
  icon: BadgeIcon,
  recordRepresentation: (record: KycSession) => record.legalName,
  guardList: true,
  list: () => import('./KycList'),
  show: () => import('./KycShow'),
});
