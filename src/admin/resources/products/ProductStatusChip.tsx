import { Chip } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { productStatusOf, type Product, type ProductStatus } from '../../../common/products';

const COLORS: Record<ProductStatus, 'success' | 'default' | 'warning'> = {
  active: 'success',
  inactive: 'default',
  draft: 'warning',
};

/** The product's status as a coloured chip; unknown values show as draft. */
export default function ProductStatusChip() {
  const record = useRecordContext<Product>();
  const translate = useTranslate();
  if (!record) return null;
  const status = productStatusOf(record.status);
  return <Chip size="small" color={COLORS[status]} label={translate(`resources.products.status.${status}`)} />;
}
