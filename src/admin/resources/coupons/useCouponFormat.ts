import { useTranslate } from 'react-admin';
import type { Coupon } from '../../../common/coupons';
import { formatDate } from '../../../lib/format';
import { useFormat } from '../../hooks/useFormat';

/**
 * How the coupon screens write a coupon's terms: "10%" or "$50.00", "Unlimited" for no limit, and its dates as
 * UTC days, the days the server reads from "YYYY-MM-DD" and names in its sentences (the site's timezone could shift them).
 */
export function useCouponFormat() {
  const translate = useTranslate();
  const { money, number, percent, lang } = useFormat();
  const word = (key: string) => translate(`resources.coupons.${key}`);
  return {
    value: (c: Pick<Coupon, 'discountType' | 'discountValue'>) =>
      c.discountType === 'percentage' ? percent(c.discountValue / 100) : money(c.discountValue),
    limit: (n: number | null) => (n === null ? word('unlimited') : number(n)),
    day: (d: string | null, empty: 'never' | 'immediately') => (d === null ? word(empty) : formatDate(d, 'UTC', lang)),
    minimum: (amount: number | null) => (amount === null ? word('none') : money(amount)),
  };
}
