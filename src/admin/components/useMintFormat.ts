import { useTranslate } from 'react-admin';
import type { MintJob } from '../../common/mint';
import { useFormat } from '../hooks/useFormat';

/** Counts up to 15 digits are grouped by the number formatter; longer ones are shown as written (no float rounding). */
export const isSafeCount = (value: unknown) => /^\d{1,15}$/.test(String(value ?? ''));

/** How mint screens write a job's numbers: "2 of 5" attempts, and uint256 counts without float rounding. */
export function useMintFormat() {
  const translate = useTranslate();
  const { number } = useFormat();
  return {
    attempts: (job: Pick<MintJob, 'attempts' | 'maxAttempts'>) =>
      job.maxAttempts
        ? translate('resources.mint-queue.attempts_of', {
            attempts: number(job.attempts),
            max: number(job.maxAttempts),
          })
        : number(job.attempts),
    count: (value: string | number | null | undefined) =>
      value === null || value === undefined ? null : isSafeCount(value) ? number(value) : String(value),
  };
}
