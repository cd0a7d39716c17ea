/** The transport sentences of SPEC §8, shared by the browser transport and the server's answers. */
export const MESSAGES = {
  noToken: 'Authentication required',
  tooMany: 'Too many requests, please try again later. Rate limit has been adjusted for development environment.',
  unauthorized: 'Authentication required. Please log in.',
  notFound: 'API endpoint not found. Please check the URL.',
  generic: 'Request failed',
} as const;
