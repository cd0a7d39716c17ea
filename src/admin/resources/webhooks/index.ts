import WebhookIcon from '@mui/icons-material/Webhook';
import type { WebhookEndpoint } from '../../../common/webhooks';
import { lazyResource } from '../../lazyResource';

/** Webhook endpoints (admins): list, show with the delivery log, edit and create at /webhooks (API /api/webhooks). */
export default lazyResource({
  name: 'webhooks',
  icon: WebhookIcon,
  recordRepresentation: (record: WebhookEndpoint) => record.url,
  list: () => import('./WebhookList'),
  show: () => import('./WebhookShow'),
  edit: () => import('./WebhookEdit'),
  create: () => import('./WebhookCreate'),
});
