import { useMemo, useRef, useState, type FormEvent } from 'react';
import { Alert, Box, Button, MenuItem, TextField, Typography } from '@mui/material';
import AccountSection from '../components/AccountSection';
import FormField from '../components/FormField';
import {
  COUNTRY_CODES,
  KYC_DOCUMENT_ACCEPT,
  KYC_DOCUMENT_TYPES,
  MAX_KYC_DOCUMENT_BYTES,
  type KycSession,
} from '../../common/kyc';
import { ApiError, listOwnKyc, submitKyc } from '../api';
import { useFormat } from '../format';
import { ErrorText, Loading } from '../components/Status';
import { useLoad } from '../components/useLoad';
import { fill, useI18n } from '../i18n';

const FIELDS = ['legalName', 'dateOfBirth', 'country', 'documentType', 'documentNumber', 'document'] as const;
type Field = (typeof FIELDS)[number];
type Errors = Partial<Record<Field, string>>;
const TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'];

const messageOf = (e: unknown, fallback: string) => (e instanceof Error && e.message ? e.message : fallback);

/** Country names in the shop's language, sorted by name; the code where the browser knows no name. */
function useCountries(lang: string) {
  return useMemo(() => {
    let names: Intl.DisplayNames | null = null;
    try {
      names = new Intl.DisplayNames([lang], { type: 'region' });
    } catch {
      names = null;
    }
    return COUNTRY_CODES.map((code) => ({ code, name: names?.of(code) ?? code })).sort((a, b) =>
      a.name.localeCompare(b.name, lang),
    );
  }, [lang]);
}

/** The form: identity fields and one document; checked here for what is obvious, then by the server, whose sentences land under each field. */
function KycForm({ onSent }: { onSent: (s: KycSession) => void }) {
  const { m, lang } = useI18n();
  const t = m.account.kyc;
  const countries = useCountries(lang);
  const [values, setValues] = useState({
    legalName: '',
    dateOfBirth: '',
    country: '',
    documentType: 'passport',
    documentNumber: '',
  });
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  const focusFirst = (found: Errors) => {
    const first = FIELDS.find((k) => found[k]);
    if (first) document.getElementById(first === 'document' ? 'kyc-document-button' : `kyc-${first}`)?.focus();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const found: Errors = {};
    for (const k of ['legalName', 'dateOfBirth', 'country', 'documentType', 'documentNumber'] as const)
      if (!values[k].trim()) found[k] = t.required;
    if (!file) found.document = t.fileRequired;
    else if (file.size > MAX_KYC_DOCUMENT_BYTES) found.document = t.fileTooLarge;
    else if (file.type && !TYPES.includes(file.type)) found.document = t.fileType;
    setErrors(found);
    setError('');
    if (Object.keys(found).length) return focusFirst(found);
    const form = new FormData();
    for (const [k, v] of Object.entries(values)) form.append(k, v.trim());
    form.append('document', file!, file!.name);
    setBusy(true);
    try {
      onSent(await submitKyc(form));
    } catch (err) {
      const fields: Errors = {};
      if (err instanceof ApiError && err.fields) for (const k of FIELDS) if (err.fields[k]) fields[k] = err.fields[k];
      setErrors(fields);
      setError(messageOf(err, t.failed));
      focusFirst(fields);
      setBusy(false);
    }
  };

  const text = (
    name: Exclude<Field, 'document' | 'country' | 'documentType'>,
    label: string,
    extra: { type?: string; autoComplete?: string } = {},
  ) => (
    <FormField
      form="kyc"
      name={name}
      label={label}
      value={values[name]}
      error={errors[name]}
      onChange={(v) => setValues((s) => ({ ...s, [name]: v }))}
      {...extra}
    />
  );

  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      aria-labelledby="kyc-title"
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
    >
      {error && (
        <Alert severity="error" role="alert" sx={{ gridColumn: '1 / -1' }}>
          {error}
        </Alert>
      )}
      {text('legalName', t.legalName, { autoComplete: 'name' })}
      {text('dateOfBirth', t.dateOfBirth, { type: 'date', autoComplete: 'bday' })}
      <TextField
        id="kyc-country"
        name="country"
        select
        label={t.country}
        required
        value={values.country}
        onChange={(e) => setValues((v) => ({ ...v, country: e.target.value }))}
        error={!!errors.country}
        helperText={errors.country}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        <option value="">{t.chooseCountry}</option>
        {countries.map((c) => (
          <option key={c.code} value={c.code}>
            {c.name}
          </option>
        ))}
      </TextField>
      <TextField
        id="kyc-documentType"
        name="documentType"
        select
        label={t.documentType}
        required
        value={values.documentType}
        onChange={(e) => setValues((v) => ({ ...v, documentType: e.target.value }))}
        error={!!errors.documentType}
        helperText={errors.documentType}
      >
        {KYC_DOCUMENT_TYPES.map((d) => (
          <MenuItem key={d} value={d}>
            {t.documentTypes[d]}
          </MenuItem>
        ))}
      </TextField>
      {text('documentNumber', t.documentNumber)}
      <Box sx={{ gridColumn: '1 / -1' }}>
        <Typography component="label" htmlFor="kyc-document" sx={{ display: 'block', mb: 0.5, fontWeight: 500 }}>
          {t.file}
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
          <Button id="kyc-document-button" variant="outlined" onClick={() => fileInput.current?.click()}>
            {t.chooseFile}
          </Button>
          <Typography variant="body2" data-testid="kyc-file-name">
            {file?.name ?? t.noFile}
          </Typography>
          <input
            ref={fileInput}
            id="kyc-document"
            name="document"
            type="file"
            accept={KYC_DOCUMENT_ACCEPT}
            hidden
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
        </Box>
        <Typography
          variant="caption"
          color={errors.document ? 'error' : 'text.secondary'}
          role={errors.document ? 'alert' : undefined}
        >
          {errors.document ?? t.fileHelp}
        </Typography>
      </Box>
      <Box sx={{ gridColumn: '1 / -1' }}>
        <Button type="submit" variant="contained" size="large" disabled={busy}>
          {busy ? t.busy : t.submit}
        </Button>
      </Box>
    </Box>
  );
}

/** The shopper's identity check on the Account page: its status (and the reviewer's reason when rejected), or the form. */
export default function Kyc() {
  const { m } = useI18n();
  const t = m.account.kyc;
  const { dateTime } = useFormat();
  const [sent, setSent] = useState<KycSession | null>(null);
  const loaded = useLoad('kyc', (signal) => listOwnKyc(signal));
  const latest = sent ?? loaded.data?.[0] ?? null;

  let body;
  if (loaded.status === 'loading' && !loaded.data) body = <Loading label={t.loading} />;
  else if (loaded.status === 'failed')
    body = (
      <ErrorText
        message={fill(t.loadFailed, { message: messageOf(loaded.error, '') })}
        retry={loaded.retry}
        retryLabel={m.app.retry}
      />
    );
  else if (latest?.status === 'pending') {
    body = (
      <Alert severity="info" data-testid="kyc-status">
        {sent && (
          <Box component="span" sx={{ display: 'block', fontWeight: 600 }}>
            {t.sent}
          </Box>
        )}
        {fill(t.pending, { date: dateTime(latest.createdAt) })}
      </Alert>
    );
  } else if (latest && (latest.status === 'verified' || latest.status === 'approved')) {
    body = (
      <Alert severity="success" data-testid="kyc-status">
        {t.verified}
      </Alert>
    );
  } else {
    body = (
      <Box sx={{ display: 'grid', gap: 2 }}>
        {latest?.status === 'rejected' && (
          <Alert severity="error" data-testid="kyc-status">
            {fill(t.rejected, { reason: latest.reason ?? '' })}
            <Box component="span" sx={{ display: 'block' }}>
              {t.rejectedAgain}
            </Box>
          </Alert>
        )}
        <KycForm onSent={setSent} />
      </Box>
    );
  }

  return (
    <AccountSection id="kyc" title={t.title} intro={t.intro}>
      {body}
    </AccountSection>
  );
}
