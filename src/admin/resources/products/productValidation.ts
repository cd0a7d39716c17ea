import { maxLength, maxValue, minValue, number, regex, required } from 'react-admin';
import { isCryptoAmount, isFiatAmount } from '../../../common/money';
import { isProductImageLink } from '../../../common/products';
import { isRealDate } from '../../../common/kyc.schemas';
import { isWholeNumber, when } from '../../components/validators';

/** Client-side rules mirroring the product schema of src/common/products.ts (the server checks again). */
const wholeNumber = when(isWholeNumber, 'resources.products.validation.whole_number');

export const validateTitle = [required('resources.products.validation.title_required'), maxLength(200)];
export const validateSku = [
  required('resources.products.validation.sku_required'),
  maxLength(64),
  regex(/^[A-Za-z0-9._-]+$/, 'resources.products.validation.sku_format'),
];
export const validatePriceFiat = [required(), when(isFiatAmount, 'resources.products.validation.price_fiat')];
export const validatePriceCrypto = [required(), when(isCryptoAmount, 'resources.products.validation.price_crypto')];
export const validateChoice = [required()];
export const validateTokenId = [regex(/^\d{1,78}$/, 'resources.products.validation.token_id')];
export const validateStock = [required(), number(), wholeNumber, minValue(0), maxValue(2_000_000_000)];
export const validateCategory = [maxLength(100)];
export const validateDescription = [maxLength(5000)];
export const validateImage = [
  maxLength(2000),
  when((v) => isProductImageLink(String(v)), 'resources.products.validation.image_link'),
];
export const validateParty = [maxLength(200)];
export const validateValuation = [when(isFiatAmount, 'resources.products.validation.valuation')];
export const validateValuedOn = [when((v) => isRealDate(String(v)), 'resources.products.validation.valued_on')];
