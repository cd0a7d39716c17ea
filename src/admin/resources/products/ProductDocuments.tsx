import UploadIcon from '@mui/icons-material/Upload';
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  Link,
  MenuItem,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type ChangeEvent } from 'react';
import { useCanAccess, useNotify, useRecordContext, useTranslate } from 'react-admin';
import type { Product } from '../../../common/products';
import {
  DOCUMENT_FIELD,
  DOCUMENT_KINDS,
  tokenIdHex,
  type DocumentKind,
  type ProductDocument,
} from '../../../common/tokens';
import { apiGet, apiSendForm } from '../../../lib/api';
import Mono from '../../components/Mono';
import { scrollCue } from '../../components/scrollCue';
import { useFormat } from '../../hooks/useFormat';

const ACCEPT = 'application/pdf,image/jpeg,image/png,image/webp';

/**
 * A tokenised product's documents (appraisal, custody certificate, title, prospectus): the current ones and those they
 * replaced, each with its SHA-256; the catalogue's writers attach a new one or replace a current one. Public: the
 * token's metadata lists the current ones, and links to it from here.
 */
export default function ProductDocuments() {
  const product = useRecordContext<Product>();
  const translate = useTranslate();
  const t = (key: string, values?: Record<string, unknown>) => translate(`resources.products.documents.${key}`, values);
  if (!product) return null;
  return (
    <Box sx={{ mt: 2 }} data-testid="product-documents">
      <Typography variant="h6">{t('title')}</Typography>
      {product.tokenId === null ? (
        <Typography color="text.secondary">{t('not_tokenised')}</Typography>
      ) : (
        <Documents product={product} tokenId={product.tokenId} />
      )}
    </Box>
  );
}

function Documents({ product, tokenId }: { product: Product; tokenId: string }) {
  const translate = useTranslate();
  const t = (key: string, values?: Record<string, unknown>) => translate(`resources.products.documents.${key}`, values);
  const { dateTime, number } = useFormat();
  const { canAccess: canWrite = false } = useCanAccess({ resource: 'products', action: 'edit' });
  const key = ['products', product.id, 'documents'];
  const list = useQuery({
    queryKey: key,
    queryFn: () => apiGet<{ documents: ProductDocument[] }>(`/api/products/${product.id}/documents`),
  });
  const rows = list.data?.documents ?? [];
  const kindOf = (kind: string) => t(`kinds.${kind}`, { _: kind });
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('help')}{' '}
        <Link href={`/api/tokens/${tokenIdHex(tokenId)}`} target="_blank" rel="noopener">
          {t('metadata')}
        </Link>
      </Typography>
      {canWrite && <AttachDocument productId={product.id} queryKey={key} />}
      {list.error && <Alert severity="error">{`${t('load_failed')}: ${list.error.message}`}</Alert>}
      {!list.isPending && !list.error && rows.length === 0 ? (
        <Typography color="text.secondary">{t('none')}</Typography>
      ) : (
        <TableContainer sx={scrollCue}>
          <Table size="small">
            <TableHead>
              <TableRow>
                {['kind', 'name', 'sha256', 'size', 'added', 'state'].map((k) => (
                  <TableCell key={k}>{t(k)}</TableCell>
                ))}
                {canWrite && <TableCell />}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((d) => (
                <TableRow key={d.id} sx={d.replacedAt ? { opacity: 0.7 } : undefined}>
                  <TableCell>{kindOf(d.kind)}</TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>
                    <Link href={d.url} target="_blank" rel="noopener">
                      {d.name}
                    </Link>
                  </TableCell>
                  <TableCell>
                    <Mono title={d.sha256}>{`${d.sha256.slice(0, 12)}…`}</Mono>
                  </TableCell>
                  <TableCell>{`${number(Math.ceil(d.bytes / 1024))} KB`}</TableCell>
                  <TableCell>{dateTime(d.createdAt)}</TableCell>
                  <TableCell>
                    {d.replacedAt ? (
                      <Chip size="small" variant="outlined" label={t('replaced', { date: dateTime(d.replacedAt) })} />
                    ) : (
                      <Chip size="small" color="success" label={t('current')} />
                    )}
                  </TableCell>
                  {canWrite && (
                    <TableCell>
                      {!d.replacedAt && <AttachDocument productId={product.id} queryKey={key} replaces={d} />}
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

/** A kind to choose and a file to pick (a new document), or a file only (the next version of `replaces`). */
function AttachDocument({
  productId,
  queryKey,
  replaces,
}: {
  productId: string;
  queryKey: string[];
  replaces?: ProductDocument;
}) {
  const translate = useTranslate();
  const t = (key: string, values?: Record<string, unknown>) => translate(`resources.products.documents.${key}`, values);
  const notify = useNotify();
  const queries = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [kind, setKind] = useState<DocumentKind>('appraisal');
  const [busy, setBusy] = useState(false);

  const send = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    const form = new FormData();
    form.append('kind', replaces?.kind ?? kind);
    if (replaces) form.append('replaces', replaces.id);
    form.append(DOCUMENT_FIELD, file);
    setBusy(true);
    try {
      await apiSendForm(`/api/products/${productId}/documents`, form);
      notify('resources.products.documents.done', { type: 'success' });
      await queries.invalidateQueries({ queryKey });
    } catch (err) {
      notify('resources.products.documents.failed', {
        type: 'error',
        messageArgs: { error: err instanceof Error ? err.message : String(err) },
      });
    } finally {
      setBusy(false);
    }
  };

  const button = (
    <Button
      size="small"
      startIcon={busy ? <CircularProgress size={16} /> : <UploadIcon />}
      disabled={busy}
      title={replaces ? t('replace_title', { name: replaces.name }) : t('hint')}
      onClick={() => input.current?.click()}
    >
      {busy ? t('busy') : replaces ? t('replace') : t('attach')}
    </Button>
  );
  const picker = (
    <input
      ref={input}
      type="file"
      accept={ACCEPT}
      hidden
      onChange={send}
      data-testid={replaces ? 'product-document-replace-input' : 'product-document-input'}
    />
  );
  if (replaces)
    return (
      <>
        {button}
        {picker}
      </>
    );
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
      <TextField
        select
        size="small"
        label={t('kind')}
        value={kind}
        onChange={(e) => setKind(e.target.value as DocumentKind)}
        sx={{ minWidth: 200 }}
      >
        {DOCUMENT_KINDS.map((k) => (
          <MenuItem key={k} value={k}>
            {t(`kinds.${k}`)}
          </MenuItem>
        ))}
      </TextField>
      {button}
      {picker}
      <Typography variant="caption" color="text.secondary">
        {t('hint')}
      </Typography>
    </Box>
  );
}
