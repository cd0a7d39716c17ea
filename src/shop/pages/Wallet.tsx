import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, TextField } from '@mui/material';
import type { Member } from '../../common/membership';
import { ApiError } from '../api';
import { WALLET_ADDRESS } from '../checkout';
import AccountSection from '../components/AccountSection';
import { ErrorText, Loading } from '../components/Status';
import { messageOf, type Loaded } from '../components/useLoad';
import { fill, useI18n } from '../i18n';
import { useWalletText } from '../i18n/wallet';
import { saveOwnWallet } from '../wallet-api';

/** The id of the wallet's field: other parts of the Account page link to it. */
export const WALLET_FIELD = 'wallet-address';

/** The shopper's wallet on the Account page: its address, changed or removed with Save (the server stores it checksummed). */
export default function Wallet({
  member,
  onSaved,
}: {
  member: Loaded<Member> & { retry: () => void };
  onSaved: () => void;
}) {
  const { m } = useI18n();
  const t = useWalletText().wallet;
  // What the shopper typed (or the server's answer to the last save); the account's wallet until then.
  const [typed, setTyped] = useState<string | null>(null);
  const [error, setError] = useState('');
  const [fieldError, setFieldError] = useState('');
  const [done, setDone] = useState('');
  const [busy, setBusy] = useState(false);
  const value = typed ?? member.data?.walletAddress ?? '';

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const address = value.trim();
    setError('');
    setDone('');
    setFieldError(address && !WALLET_ADDRESS.test(address) ? t.invalid : '');
    if (address && !WALLET_ADDRESS.test(address)) return document.getElementById(WALLET_FIELD)?.focus();
    setBusy(true);
    try {
      const saved = await saveOwnWallet(address || null);
      setTyped(saved ?? '');
      setDone(saved ? t.saved : t.removed);
      onSaved();
    } catch (err) {
      const sentence = err instanceof ApiError ? err.fields?.walletAddress : undefined;
      if (sentence) setFieldError(sentence);
      else setError(messageOf(err) || t.failed);
      document.getElementById(WALLET_FIELD)?.focus();
    } finally {
      setBusy(false);
    }
  };

  let body;
  if (!member.data && member.status === 'loading') body = <Loading label={t.loading} />;
  else if (!member.data)
    body = (
      <ErrorText
        message={fill(t.loadFailed, { message: messageOf(member.error) })}
        retry={member.retry}
        retryLabel={m.app.retry}
      />
    );
  else {
    body = (
      <Box
        component="form"
        noValidate
        onSubmit={submit}
        aria-labelledby="wallet-title"
        sx={{ display: 'grid', gap: 2 }}
      >
        {error && (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        )}
        {done && (
          <Alert severity="success" role="status">
            {done}
          </Alert>
        )}
        {!member.data.walletAddress && !done && (
          <Alert severity="info" role="note" data-testid="wallet-none">
            {t.none}
          </Alert>
        )}
        <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'flex-start' }}>
          {/* Multiline so the whole address wraps on a phone instead of scrolling out of sight; Enter still saves. */}
          <TextField
            id={WALLET_FIELD}
            name="walletAddress"
            label={t.address}
            value={value}
            autoComplete="off"
            spellCheck={false}
            multiline
            onChange={(e) => {
              setTyped(e.target.value.replace(/\s+/g, ''));
              setFieldError('');
            }}
            onKeyDown={(e) => {
              if (e.key !== 'Enter') return;
              e.preventDefault();
              (e.target as HTMLTextAreaElement).form?.requestSubmit();
            }}
            error={!!fieldError}
            helperText={fieldError || t.help}
            sx={{ flex: '1 1 320px', minWidth: 0 }}
            slotProps={{ htmlInput: { maxLength: 42, sx: { fontFamily: 'monospace', wordBreak: 'break-all' } } }}
          />
          <Button type="submit" variant="contained" disabled={busy} sx={{ mt: 1 }}>
            {busy ? t.saving : t.save}
          </Button>
        </Box>
      </Box>
    );
  }
  return (
    <AccountSection id="wallet" title={t.title} intro={t.intro}>
      {body}
    </AccountSection>
  );
}
