import { Box } from '@mui/material';
import { CreateButton, DataTable, useCanAccess, useTranslate } from 'react-admin';
import { PRODUCT_STATUSES, RWA_TYPES, type Product } from '../../../common/products';
import ListShell, { type SelectFilter } from '../../components/ListShell';
import { useLine } from '../../components/PhoneList';
import { RowActions } from '../../components/WriteButtons';
import { useFormat } from '../../hooks/useFormat';
import { PRODUCTS_PER_PAGE } from './constants';
import ProductBulkActions from './ProductBulkActions';
import ProductStatsCards from './ProductStatsCards';
import ProductStatusChip from './ProductStatusChip';

const SELECTS: SelectFilter[] = [
  { source: 'status', choices: PRODUCT_STATUSES, names: 'status', all: 'all_statuses' },
  { source: 'rwaType', choices: RWA_TYPES, names: 'rwa_type', all: 'all_types' },
];

const noWrap = () => ({ whiteSpace: 'nowrap' });

/** The name, after its thumbnail when an image was uploaded. */
function ProductTitle({ product }: { product: Product }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
      {product.imageThumb && (
        <Box
          component="img"
          src={product.imageThumb}
          alt=""
          loading="lazy"
          sx={{ width: 40, height: 40, objectFit: 'cover', borderRadius: 1, flexShrink: 0 }}
        />
      )}
      {product.title}
    </Box>
  );
}

/** The catalogue: status and value summary, search and filters, sortable 50-row pages. */
export default function ProductList() {
  const translate = useTranslate();
  const { money, dateTime, crypto } = useFormat();
  const line = useLine();
  const { canAccess: canWrite = false } = useCanAccess({ resource: 'products', action: 'create' });
  return (
    <ListShell<Product>
      perPage={PRODUCTS_PER_PAGE}
      search
      selects={SELECTS}
      after={canWrite && <CreateButton />}
      header={<ProductStatsCards />}
      bulkActionButtons={canWrite && <ProductBulkActions />}
      mobile={{
        primary: (p) => p.title,
        secondary: (p) => line(p.sku, money(p.priceFiat)),
        status: () => <ProductStatusChip />,
      }}
    >
      <DataTable.Col<Product> source="title" render={(p) => <ProductTitle product={p} />} />
      <DataTable.Col source="sku" cellSx={noWrap} />
      <DataTable.Col<Product>
        source="rwaType"
        render={(p) => translate(`resources.products.rwa_type.${p.rwaType}`, { _: p.rwaType })}
      />
      <DataTable.Col<Product> source="priceFiat" align="right" cellSx={noWrap} render={(p) => money(p.priceFiat)} />
      <DataTable.Col<Product>
        source="priceCrypto"
        align="right"
        cellSx={noWrap}
        render={(p) => crypto(p.priceCrypto)}
      />
      <DataTable.Col source="status" field={ProductStatusChip} />
      <DataTable.Col<Product> source="createdAt" cellSx={noWrap} render={(p) => dateTime(p.createdAt)} />
      <RowActions resource="products" />
    </ListShell>
  );
}
