import { maxLength, maxValue, regex, required, type Validator } from 'react-admin';
import { isFiatAmount } from '../../../common/money';
import { isBlank, isWholeNumber, when } from '../../components/validators';

/** Client-side rules mirroring the coupon schema and the coupons policy's rules between fields (the server checks again). */
const key = (name: string) => `resources.coupons.validation.${name}`;

type Values = { discountType?: string; usageLimit?: number | null; startDate?: string | null };

/** `message` when both values are set and `fits(value, other)` fails. */
const against =
  (fits: (value: number | string, values: Values) => boolean, message: string): Validator =>
  (value, values: Values) =>
    isBlank(value) || fits(value, values) ? undefined : message;

const amount = when(isFiatAmount, key('amount'));
const count = [when((v) => isWholeNumber(v) && Number(v) >= 1, key('count')), maxValue(1_000_000_000)];

export const validateCode = [required(), maxLength(40), regex(/^[A-Za-z0-9_-]+$/, key('code_format'))];
export const validateDiscountType = [required()];
export const validateDiscountValue = [
  required(),
  amount,
  when((v) => Number(v) > 0, key('positive')),
  against((v, { discountType }) => discountType !== 'percentage' || Number(v) <= 100, key('percent_max')),
];
export const validateUsageLimit = count;
export const validatePerCustomerLimit = [
  ...count,
  against((v, { usageLimit }) => isBlank(usageLimit) || Number(v) <= Number(usageLimit), key('per_customer_max')),
];
export const validateMinimumSubtotal = [amount];
export const validateEndDate = [
  against(
    (v, { startDate }) => isBlank(startDate) || Date.parse(String(v)) > Date.parse(String(startDate)),
    key('end_after_start'),
  ),
];
export const validateDescription = [maxLength(500)];
