/** Idempotency-Key values for calls that must not happen twice (PRODUCT.md, Limits). */

/** 128 random bits as hex; getRandomValues works on plain http too, where randomUUID does not. */
export function randomKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * One key per attempt: the same body sent again (a retry after a network error or a refusal) reuses its key, so the
 * server answers the first call instead of acting twice; another body is a new attempt with a new key.
 */
export function idempotencyKeys() {
  let last: { body: string; key: string } | null = null;
  return (body: unknown): string => {
    const json = JSON.stringify(body);
    if (last?.body !== json) last = { body: json, key: randomKey() };
    return last.key;
  };
}
