import type { MintJob } from '../../../common/mint';

/** A job's last error in the screen's language when it is a known wait (lastErrorCode), else as the worker wrote it. */
export const lastErrorText = (translate: (key: string) => string, job: Pick<MintJob, 'lastError' | 'lastErrorCode'>) =>
  job.lastErrorCode ? translate(`resources.mint-queue.wait_reasons.${job.lastErrorCode}`) : job.lastError;
