import {
  Alert,
  Box,
  Chip,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Labeled, useCanAccess, useRecordContext, useTranslate } from 'react-admin';
import type { ProductHolders as Holders } from '../../../common/holders';
import type { Product } from '../../../common/products';
import { apiGet } from '../../../lib/api';
import Mono from '../../components/Mono';
import { shortAddress } from '../../components/ids';
import RecordLink from '../../components/RecordLink';
import { scrollCue } from '../../components/scrollCue';
import HolderFreezeAction from './HolderFreezeAction';
import HolderRedeemAction from './HolderRedeemAction';

/**
 * A tokenised product's supply (minted, in circulation, burned) and its holders with their balances, as the holders
 * indexer read them from the chain's transfer logs; a wallet that belongs to an account shows its user and KYC state,
 * and each whether it is frozen for this token (with Freeze / Unfreeze for staff who edit products).
 */
export default function ProductHolders() {
  const product = useRecordContext<Product>();
  const translate = useTranslate();
  const t = (key: string, values?: Record<string, unknown>) => translate(`resources.products.holders.${key}`, values);
  if (!product || product.tokenId === null) return null;
  return (
    <Box sx={{ mt: 2 }} data-testid="product-holders">
      <Typography variant="h6">{t('title')}</Typography>
      <HoldersTable productId={String(product.id)} t={t} />
    </Box>
  );
}

function HoldersTable({
  productId,
  t,
}: {
  productId: string;
  t: (key: string, values?: Record<string, unknown>) => string;
}) {
  const translate = useTranslate();
  const { canAccess: canFreeze = false } = useCanAccess({ resource: 'products', action: 'edit' });
  const load = useQuery({
    queryKey: ['products', productId, 'holders'],
    queryFn: () => apiGet<{ holders: Holders }>(`/api/products/${productId}/holders`),
  });
  if (load.error) return <Alert severity="error">{`${t('load_failed')}: ${load.error.message}`}</Alert>;
  const h = load.data?.holders;
  if (!h) return null;
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {h.indexedBlock === null ? t('not_indexed') : t('help', { block: h.indexedBlock })}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 4, mb: 1 }}>
        {(['minted', 'inCirculation', 'burned'] as const).map((k) => (
          <Labeled key={k} label={t(k)}>
            <Typography data-testid={`supply-${k}`}>{h.supply[k]}</Typography>
          </Labeled>
        ))}
      </Box>
      {h.holders.length === 0 ? (
        <Typography color="text.secondary">{t('none')}</Typography>
      ) : (
        <TableContainer sx={scrollCue}>
          <Table size="small">
            <TableHead>
              <TableRow>
                {['wallet', 'balance', 'user', 'kyc', 'status'].map((k) => (
                  <TableCell key={k}>{t(k)}</TableCell>
                ))}
                {canFreeze && <TableCell>{translate('resources.products.actions')}</TableCell>}
              </TableRow>
            </TableHead>
            <TableBody>
              {h.holders.map((row) => (
                <TableRow key={row.wallet} data-wallet={row.wallet}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <Mono title={row.wallet}>{shortAddress(row.wallet)}</Mono>
                  </TableCell>
                  <TableCell>{row.balance}</TableCell>
                  <TableCell>
                    {row.user ? (
                      <RecordLink resource="users" id={row.user.id}>
                        {row.user.email}
                      </RecordLink>
                    ) : (
                      t('no_account')
                    )}
                  </TableCell>
                  <TableCell>
                    {row.user
                      ? translate(`resources.users.kycStatus.${row.user.kycStatus}`, { _: row.user.kycStatus })
                      : '—'}
                  </TableCell>
                  <TableCell>
                    {row.freeze ? (
                      <Chip
                        size="small"
                        color="error"
                        label={t('frozen')}
                        title={t('frozen_title', { reason: row.freeze.reason })}
                        data-testid="holder-frozen"
                      />
                    ) : (
                      t('active')
                    )}
                  </TableCell>
                  {canFreeze && (
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      <HolderFreezeAction productId={productId} holder={row} />
                      <HolderRedeemAction productId={productId} holder={row} />
                    </TableCell>
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </>
  );
}
