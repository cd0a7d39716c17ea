import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import { Alert, Box, CircularProgress, Link, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import type { KycSession } from '../../../common/kyc';
import { apiBlob } from '../../../lib/api';

type Loaded = { url: string | null; error: string | null };

/** The session's document, fetched with the token (it is never public) and shown from a local blob address. */
function useDocumentUrl(id: string): Loaded {
  const [state, setState] = useState<Loaded & { id: string | null }>({ id: null, url: null, error: null });
  useEffect(() => {
    const abort = new AbortController();
    let url: string | null = null;
    apiBlob(`/api/kyc/${encodeURIComponent(id)}/document`, abort.signal)
      .then((blob) => {
        url = URL.createObjectURL(blob);
        setState({ id, url, error: null });
      })
      .catch((e: unknown) => {
        if (!abort.signal.aborted) setState({ id, url: null, error: e instanceof Error ? e.message : String(e) });
      });
    return () => {
      abort.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [id]);
  return state.id === id ? state : { url: null, error: null };
}

/** An image inline (small in the list, large on the detail page); a PDF as a link, and on the detail page in a frame too. */
export default function KycDocument({ session, size }: { session: KycSession; size: 'small' | 'large' }) {
  const translate = useTranslate();
  const { url, error } = useDocumentUrl(session.id);
  if (error) return <Alert severity="error">{translate('resources.kyc.preview_failed', { error })}</Alert>;
  if (!url) {
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }} role="status">
        <CircularProgress size={16} />
        {size === 'large' && <Typography variant="body2">{translate('resources.kyc.preview_loading')}</Typography>}
      </Box>
    );
  }
  const alt = translate('resources.kyc.preview_alt', { name: session.legalName });
  if (session.documentKind !== 'pdf') {
    return (
      <Box
        component="img"
        src={url}
        alt={alt}
        data-testid="kyc-document-image"
        sx={
          size === 'small'
            ? { width: 96, height: 64, objectFit: 'cover', borderRadius: 1, border: 1, borderColor: 'divider' }
            : { maxWidth: '100%', maxHeight: 560, border: 1, borderColor: 'divider', borderRadius: 1 }
        }
      />
    );
  }
  const link = (
    <Link
      href={url}
      target="_blank"
      rel="noopener"
      onClick={(e) => e.stopPropagation()}
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
      data-testid="kyc-document-pdf"
    >
      <PictureAsPdfIcon fontSize="small" />
      {translate(size === 'small' ? 'resources.kyc.pdf' : 'resources.kyc.open_pdf')}
    </Link>
  );
  if (size === 'small') return link;
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      {link}
      <Box
        component="iframe"
        src={url}
        title={alt}
        sx={{ width: '100%', height: 560, border: 1, borderColor: 'divider', borderRadius: 1 }}
      />
    </Box>
  );
}
