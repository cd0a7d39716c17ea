import TokenIcon from '@mui/icons-material/Token';
import type { MintJob } from '../../../common/mint';
import { shortId } from '../../components/ids';
import { lazyResource } from '../../lazyResource';

/** The Mint Queue: resource 'mint-queue' (route /mint-queue, API /api/mint-jobs), each job's page and each transaction's page at /tx/:hash. */
export default lazyResource({
  name: 'mint-queue',
  icon: TokenIcon,
  recordRepresentation: (job: MintJob) => shortId(job.id),
  list: () => import('./MintJobList'),
  show: () => import('./MintJobShow'),
  guardList: true,
  pages: { '/tx/:hash': () => import('./TransactionPage') },
});
