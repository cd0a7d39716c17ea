/** GET /api/debug/env: the server's effective configuration, one entry per setting, secrets redacted. */
export type ConfigEntry = {
  /** The path in the server's configuration, e.g. `stripe.secretKey`. */
  key: string;
  /** The value; a secret's is REDACTED when set, and null when not set. */
  value: string | number | boolean | null;
  /** Whether the value was hidden in whole or in part (a URL's password). */
  redacted: boolean;
};

export const REDACTED = '[redacted]';
