import { useTranslate } from 'react-admin';
import type { Affiliate } from '../../../common/referrals';

/** An affiliate's name as the screens write it: first and last, else the one name, else "N/A". */
export function useAffiliateName() {
  const translate = useTranslate();
  return (a: Pick<Affiliate, 'firstName' | 'lastName' | 'name'>) =>
    [a.firstName, a.lastName].filter(Boolean).join(' ') || a.name || translate('resources.affiliates.na');
}
