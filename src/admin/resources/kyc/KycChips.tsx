import { Chip } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import type { KycSession } from '../../../common/kyc';

const COLORS = { verified: 'success', approved: 'success', pending: 'warning', rejected: 'error' } as const;

export function KycSessionStatusChip() {
  const s = useRecordContext<KycSession>();
  const translate = useTranslate();
  if (!s) return null;
  return (
    <Chip
      size="small"
      color={COLORS[s.status] ?? 'default'}
      label={translate(`resources.kyc.status.${s.status}`, { _: s.status })}
    />
  );
}

/** "Passport · P1234567" */
export function DocumentCell() {
  const s = useRecordContext<KycSession>();
  const translate = useTranslate();
  if (!s) return null;
  return (
    <span>
      {translate(`resources.kyc.documentType.${s.documentType}`, { _: s.documentType })} · {s.documentNumber}
    </span>
  );
}

/** The country's name in the app's language, with its code. */
export function countryName(code: string, locale: string): string {
  try {
    const name = new Intl.DisplayNames([locale], { type: 'region' }).of(code);
    return name && name !== code ? `${name} (${code})` : code;
  } catch {
    return code;
  }
}
