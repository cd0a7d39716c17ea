import { useTranslate } from 'react-admin';
import { useFormat } from '../../hooks/useFormat';
import { isSafeCount, type MintJob } from './constants';

/** How mint screens write a job's numbers: "2 of 5" attempts, and uint256 counts without float rounding. */
export function useMintFormat() {
  const translate = useTranslate();
  const { number } = useFormat();
  return {
    attempts: (job: Pick<MintJob, 'attempts' | 'maxAttempts'>) =>
      job.maxAttempts ? translate('app.mint_queue.attempts_of', { attempts: number(job.attempts), max: number(job.maxAttempts) }) : number(job.attempts),
    count: (value: string | number | null | undefined) =>
      value === null || value === undefined ? null : isSafeCount(value) ? number(value) : String(value),
  };
}
