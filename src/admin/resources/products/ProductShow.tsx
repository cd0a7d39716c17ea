import { Box, Typography } from '@mui/material';
import { FunctionField, Labeled, ListButton, SimpleShowLayout, TextField, TopToolbar, useTranslate } from 'react-admin';
import { WriteButtons } from '../../components/WriteButtons';
import { useFormat } from '../../hooks/useFormat';
import ProductDocuments from './ProductDocuments';
import ProductHolders from './ProductHolders';
import ProductImageUpload from './ProductImageUpload';
import ProductStatusChip from './ProductStatusChip';
import type { Product } from '../../../common/products';
import RecordHistory from '../../components/RecordHistory';
import { RecordShow } from '../../components/RecordPage';

function ProductShowActions() {
  return (
    <TopToolbar>
      <ListButton />
      <ProductImageUpload />
      <WriteButtons resource="products" />
    </TopToolbar>
  );
}

/** Every stored field of one product. */
export default function ProductShow() {
  const translate = useTranslate();
  const { money, dateTime, number, crypto } = useFormat();
  return (
    <RecordShow actions={<ProductShowActions />}>
      <SimpleShowLayout>
        <TextField source="title" variant="h6" label={false} />
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 4 }}>
          <Labeled>
            <TextField source="sku" />
          </Labeled>
          <Labeled>
            <ProductStatusChip />
          </Labeled>
          <Labeled>
            <FunctionField<Product>
              source="rwaType"
              render={(p) => translate(`resources.products.rwa_type.${p.rwaType}`, { _: p.rwaType })}
            />
          </Labeled>
          <Labeled>
            <TextField source="category" emptyText="—" />
          </Labeled>
          <Labeled>
            <FunctionField<Product>
              source="minMemberLevel"
              render={(p) =>
                translate(
                  p.minMemberLevel ? `app.membership.levels.${p.minMemberLevel}` : 'resources.products.everyone',
                )
              }
            />
          </Labeled>
        </Box>
        <TextField source="description" emptyText="—" />
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 4 }}>
          <Labeled>
            <FunctionField<Product> source="priceFiat" render={(p) => money(p.priceFiat)} />
          </Labeled>
          <Labeled>
            <FunctionField<Product> source="priceCrypto" render={(p) => crypto(p.priceCrypto)} />
          </Labeled>
          <Labeled>
            <FunctionField<Product> source="stock" render={(p) => number(p.stock)} />
          </Labeled>
        </Box>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 4 }}>
          <Labeled>
            <TextField source="chainId" />
          </Labeled>
          <Labeled>
            <TextField source="tokenType" />
          </Labeled>
          <Labeled>
            <TextField source="tokenId" emptyText="—" />
          </Labeled>
          <Labeled>
            <TextField source="contract" emptyText="—" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }} />
          </Labeled>
        </Box>
        <Typography variant="subtitle2" color="text.secondary">
          {translate('resources.products.asset_facts')}
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 4 }}>
          <Labeled>
            <TextField source="issuer" emptyText="—" />
          </Labeled>
          <Labeled>
            <TextField source="custodian" emptyText="—" />
          </Labeled>
          <Labeled>
            <FunctionField<Product>
              source="valuationFiat"
              render={(p) =>
                p.valuationFiat === null ? '—' : money(p.valuationFiat, p.valuationCurrency ?? undefined)
              }
            />
          </Labeled>
          <Labeled>
            <TextField source="valuedOn" emptyText="—" />
          </Labeled>
        </Box>
        <FunctionField<Product>
          source="image"
          render={(p) =>
            p.image ? (
              <Box
                component="img"
                src={p.image}
                alt={p.title}
                sx={{ maxWidth: 240, maxHeight: 240, borderRadius: 1 }}
              />
            ) : (
              <Typography variant="body2">—</Typography>
            )
          }
        />
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 4 }}>
          <Labeled>
            <FunctionField<Product> source="createdAt" render={(p) => dateTime(p.createdAt)} />
          </Labeled>
          <Labeled>
            <FunctionField<Product> source="updatedAt" render={(p) => dateTime(p.updatedAt)} />
          </Labeled>
        </Box>
        <ProductHolders />
        <ProductDocuments />
        <RecordHistory entity="product" />
      </SimpleShowLayout>
    </RecordShow>
  );
}
