import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useFormat } from '../../hooks/useFormat';
import type { OrderDetail } from '../../../common/orders';
import RecordLink from '../../components/RecordLink';

/** The order's lines: product, quantity, prices and, for tokenised lines, the token they mint (scrolling sideways in their card on a phone, a region the keyboard can focus to scroll). */
export default function OrderLines({ order }: { order: OrderDetail }) {
  const translate = useTranslate();
  const { money, number } = useFormat();
  const items = order.items;
  if (items.length === 0)
    return <Typography variant="body2">{translate('resources.orders.detail.no_items')}</Typography>;
  const t = (field: string) => translate(`resources.orders.items.${field}`);
  return (
    <TableContainer tabIndex={0} role="region" aria-label={translate('resources.orders.detail.items')}>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{t('title')}</TableCell>
            <TableCell>{t('sku')}</TableCell>
            <TableCell align="right">{t('qty')}</TableCell>
            <TableCell align="right">{t('unitPriceFiat')}</TableCell>
            <TableCell align="right">{t('lineTotalFiat')}</TableCell>
            <TableCell>{t('token')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((item) => (
            <TableRow key={item.id}>
              <TableCell>
                <RecordLink resource="products" id={item.productId}>
                  {item.title}
                </RecordLink>
              </TableCell>
              <TableCell>{item.sku}</TableCell>
              <TableCell align="right">{number(item.qty)}</TableCell>
              <TableCell align="right">{money(item.unitPriceFiat, order.currency)}</TableCell>
              <TableCell align="right">{money(item.lineTotalFiat, order.currency)}</TableCell>
              <TableCell sx={{ fontFamily: 'monospace', fontSize: '0.75rem' }}>
                {item.tokenised
                  ? translate('resources.orders.items.token_value', {
                      chainId: item.chainId ?? '',
                      contract: item.contract ?? '—',
                      tokenId: item.tokenId ?? '—',
                    })
                  : '—'}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
