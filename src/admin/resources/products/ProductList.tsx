import { ProductWriteButtons } from './ProductWriteButtons';
import { Box, Card, Typography } from '@mui/material';
import {
  CreateButton,
  DataTable,
  List,
  Pagination,
  RefreshButton,
  SearchInput,
  SelectInput,
  ShowButton,
  TopToolbar,
  useListContext,
  useTranslate,
} from 'react-admin';
import { useFormat } from '../../hooks/useFormat';
import ListLoadError from '../../components/ListLoadError';
import ProductStatsCards from './ProductStatsCards';
import ProductStatusChip from './ProductStatusChip';
import { PRODUCT_STATUSES, PRODUCTS_PER_PAGE, RWA_TYPES, type Product } from './constants';
import useCan from '../../components/useCan';

const productFilters = (searchPlaceholder: string) => [
  <SearchInput key="q" source="q" alwaysOn placeholder={searchPlaceholder} />,
  <SelectInput
    key="status"
    source="status"
    alwaysOn
    emptyText="app.products.filters.all_statuses"
    choices={PRODUCT_STATUSES.map((id) => ({ id, name: `app.products.status.${id}` }))}
  />,
  <SelectInput
    key="rwaType"
    source="rwaType"
    alwaysOn
    emptyText="app.products.filters.all_types"
    choices={RWA_TYPES.map((id) => ({ id, name: `app.products.rwa_type.${id}` }))}
  />,
];

const noWrap = () => ({ whiteSpace: 'nowrap' });

function ProductListActions({ canWrite }: { canWrite: boolean }) {
  return (
    <TopToolbar>
      <RefreshButton />
      {canWrite && <CreateButton />}
    </TopToolbar>
  );
}

/** 50 a page; hidden when the list failed to load (the error replaces the rows). */
function ProductPagination() {
  const { error } = useListContext();
  return error ? null : <Pagination rowsPerPageOptions={[PRODUCTS_PER_PAGE]} />;
}

function NoProducts() {
  const translate = useTranslate();
  return <Typography sx={{ p: 2 }}>{translate('app.products.empty')}</Typography>;
}

/** The catalogue: status and value summary, search and filters, sortable 50-row pages. */
export default function ProductList() {
  const translate = useTranslate();
  const { money, dateTime } = useFormat();
  const canWrite = useCan('catalog.write');
  return (
    <List
      perPage={PRODUCTS_PER_PAGE}
      sort={{ field: 'createdAt', order: 'DESC' }}
      filters={productFilters(translate('app.products.search'))}
      actions={<ProductListActions canWrite={canWrite} />}
      pagination={<ProductPagination />}
      empty={false}
      component={Box}
      error={<ListLoadError message="app.products.load_failed" />}
    >
      <ProductStatsCards />
      <Card variant="outlined">
        <DataTable<Product> rowClick="show" bulkActionButtons={false} empty={<NoProducts />}>
          <DataTable.Col source="title" />
          <DataTable.Col source="sku" cellSx={noWrap} />
          <DataTable.Col source="rwaType" render={(p) => translate(`app.products.rwa_type.${p.rwaType}`, { _: p.rwaType })} />
          <DataTable.Col source="priceFiat" align="right" cellSx={noWrap} render={(p) => money(p.priceFiat)} />
          <DataTable.Col source="priceCrypto" align="right" render={(p) => p.priceCrypto} />
          <DataTable.Col source="status" field={ProductStatusChip} />
          <DataTable.Col source="createdAt" cellSx={noWrap} render={(p) => dateTime(p.createdAt)} />
          <DataTable.Col label="app.products.actions" disableSort>
            <Box sx={{ display: 'flex', whiteSpace: 'nowrap' }}>
              <ShowButton />
              <ProductWriteButtons />
            </Box>
          </DataTable.Col>
        </DataTable>
      </Card>
    </List>
  );
}
