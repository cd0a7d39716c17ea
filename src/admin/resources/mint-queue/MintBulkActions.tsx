import ReplayIcon from '@mui/icons-material/Replay';
import type { MintJob } from '../../../common/mint';
import BulkActionButton from '../../components/BulkActionButton';

/** The selected jobs: queue the failed ones again (any other is refused and named). */
export default function MintBulkActions() {
  return (
    <BulkActionButton<MintJob>
      path="/api/mint-jobs/bulk"
      body={{ action: 'retry' }}
      label="resources.mint-queue.bulk.retry"
      confirm="resources.mint-queue.bulk.confirm_retry"
      icon={<ReplayIcon />}
    />
  );
}
