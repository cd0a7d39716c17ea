import UploadIcon from '@mui/icons-material/Upload';
import { Button, CircularProgress, Tooltip } from '@mui/material';
import { useRef, useState, type ChangeEvent } from 'react';
import { useCanAccess, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { apiUpload } from '../../../lib/api';
import type { Product } from '../../../common/products';

/** "Upload image": picks a JPEG, PNG or WebP file and makes it the product's image; the server checks the file. */
export default function ProductImageUpload() {
  const product = useRecordContext<Product>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const { canAccess: canWrite = false } = useCanAccess({ resource: 'products', action: 'edit' });
  if (!product || !canWrite) return null;

  const send = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    setBusy(true);
    try {
      await apiUpload(`/api/products/${product.id}/image`, file, 'image');
      notify('resources.products.image_upload.done', { type: 'success' });
      refresh();
    } catch (err) {
      notify('resources.products.image_upload.failed', {
        type: 'error',
        messageArgs: { error: err instanceof Error ? err.message : String(err) },
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Tooltip title={translate('resources.products.image_upload.hint')}>
      <span>
        <Button
          size="small"
          startIcon={busy ? <CircularProgress size={16} /> : <UploadIcon />}
          disabled={busy}
          onClick={() => input.current?.click()}
        >
          {translate(busy ? 'resources.products.image_upload.busy' : 'resources.products.image_upload.button')}
        </Button>
        <input
          ref={input}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          hidden
          onChange={send}
          data-testid="product-image-input"
        />
      </span>
    </Tooltip>
  );
}
