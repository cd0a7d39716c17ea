/**
 * A loop's last error, fit to show an admin: credentials in URLs (`scheme://user:pass@host`), secrets in query strings
 * or `key=value` pairs, bearer tokens and long hex keys are replaced by "***", and the text is cut to MAX_CHARS.
 */
const MAX_CHARS = 300;

const RULES: readonly [RegExp, string][] = [
  [/\b([a-z][a-z0-9+.-]*:\/\/)[^\s/@]*@/gi, '$1***@'],
  [
    /\b(password|passwd|pass|pwd|secret|token|api[_-]?key|key|auth|authorization|signature|sig)=([^\s&;,]+)/gi,
    '$1=***',
  ],
  [/\b(bearer|basic)\s+[A-Za-z0-9._~+/=-]+/gi, '$1 ***'],
  [/\b0x[0-9a-f]{64}\b/gi, '0x***'],
];

export function redactError(text: string | null): string | null {
  if (text === null) return null;
  const clean = RULES.reduce((s, [pattern, by]) => s.replace(pattern, by), text);
  return clean.length > MAX_CHARS ? `${clean.slice(0, MAX_CHARS - 1)}…` : clean;
}

/** A URL's host and port, without its user, password, path or query; null when it is not a URL. */
export function hostOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).host;
  } catch {
    return null;
  }
}
