/** The transport's own error sentences, shared by the browser transport and the server's answers. */
export const MESSAGES = {
  noToken: 'Authentication required',
  tooMany: 'Too many requests, please try again later. Rate limit has been adjusted for development environment.',
  unauthorized: 'Authentication required. Please log in.',
  notFound: 'API endpoint not found. Please check the URL.',
  generic: 'Request failed',
  /** No answer to a write or a one-off call: nothing retries it by itself. */
  unreachable: 'The server could not be reached. Check the connection and try again.',
  /** No answer to a read: the screen asks again by itself until the server answers. */
  unreachableRetrying: 'The server cannot be reached; we will retry.',
} as const;

/** The code of the payments' own 429 (src/common/payments.ts): its sentence reaches the screen instead of `tooMany`. */
export const PAYMENT_RATE_LIMITED = 'payment_rate_limited';
