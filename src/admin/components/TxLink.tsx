import { Link as MuiLink } from '@mui/material';
import type { MouseEvent } from 'react';
import { Link, useTranslate } from 'react-admin';
import Mono, { MONO } from './Mono';
import { isInAppLink, shortHash } from './ids';

/**
 * A transaction hash, shortened to its first 10 characters, linking to where it can be looked at:
 * the app's own /tx page on the dev chain, a public block explorer (new tab) otherwise; "N/A" without a hash. A click
 * on it does not also open the row it sits in.
 */
export default function TxLink({ hash, url }: { hash: string | null | undefined; url: string | null | undefined }) {
  const translate = useTranslate();
  if (!hash) return <>{translate('resources.mint-queue.na')}</>;
  const text = shortHash(hash);
  if (!url) return <Mono title={hash}>{text}</Mono>;
  const stop = (e: MouseEvent) => e.stopPropagation();
  if (isInAppLink(url)) {
    return (
      <Link to={url} title={hash} sx={MONO} onClick={stop}>
        {text}
      </Link>
    );
  }
  return (
    <MuiLink href={url} target="_blank" rel="noopener noreferrer" title={hash} sx={MONO} onClick={stop}>
      {text}
    </MuiLink>
  );
}
