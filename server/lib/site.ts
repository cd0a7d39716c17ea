import type { FastifyRequest } from 'fastify';

/**
 * Where the site is, for absolute links the server builds (a provider's return page, a referral link): the Site URL
 * setting when set, otherwise the address this request came to.
 */
export function siteOrigin(req: Pick<FastifyRequest, 'protocol' | 'host'>, siteUrl: string): string {
  if (siteUrl) return new URL(siteUrl).origin;
  return `${req.protocol}://${req.host}`;
}
