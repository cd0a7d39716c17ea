/**
 * The referral code a visitor arrived with (`?ref=CODE`): kept in localStorage for 30 days, counted once per page
 * load as a click, sent with a guest's checkout, and bound to the account at sign-up or log-in (then forgotten).
 */
import { REFERRAL_CODE_DAYS } from '../common/referrals';
import { apiSend } from '../lib/api';

const KEY = 'rwaReferral';

type Kept = { code: string; at: number };

function read(): Kept | null {
  try {
    const kept = JSON.parse(localStorage.getItem(KEY) ?? 'null') as Kept | null;
    if (!kept?.code || Date.now() - kept.at > REFERRAL_CODE_DAYS * 86_400_000) return null;
    return kept;
  } catch {
    return null;
  }
}

export const keptReferralCode = () => read()?.code ?? null;
export const forgetReferralCode = () => localStorage.removeItem(KEY);

/** At start: a `?ref=` in the address is kept (the newest link wins until an account is bound) and counted. */
export function captureReferral(search: string) {
  const code = new URLSearchParams(search).get('ref')?.trim().toUpperCase();
  if (!code || !/^[A-Z0-9]{4,40}$/.test(code)) return;
  localStorage.setItem(KEY, JSON.stringify({ code, at: Date.now() } satisfies Kept));
  apiSend('POST', '/api/referrals/click', { code }, { public: true }).catch(() => undefined);
}

/** After sign-up or log-in: binds the account to the kept code's owner; a refusal (already referred, own code) just forgets it. */
export async function attributeKeptReferral() {
  const code = keptReferralCode();
  if (!code) return;
  await apiSend('POST', '/api/referrals/attribute', { code }).catch(() => undefined);
  forgetReferralCode();
}
