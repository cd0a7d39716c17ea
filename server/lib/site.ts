import type { FastifyRequest } from 'fastify';

/** The address a server listening on `host`:`port` is reached at on this machine, as the start banner prints it. */
export function listenUrl(host: string, port: number): string {
  const shown = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${shown}:${port}`;
}

/** PUBLIC_URL's origin, and the listening address; one per process, like the configuration they come from. */
let configured: string | undefined;
let listening = listenUrl('localhost', 3000);

/** app.ts sets them when it builds the app, index.ts again once the port is bound (PORT=0 picks one). */
export function setPublicOrigin(publicUrl: string | undefined, host: string, port: number): void {
  configured = publicUrl ? new URL(publicUrl).origin : undefined;
  listening = listenUrl(host, port);
}

/**
 * Where people reach this server, for links that no request carries (an email a worker or a payout writes): PUBLIC_URL
 * when set, else the listening address the start banner prints.
 */
export const publicOrigin = (): string => configured ?? listening;

/**
 * Where the site is, for absolute links the server builds (a provider's return page, a referral link, a password link):
 * the Site URL setting when set, else PUBLIC_URL (which wins over a request's Host header, a forged one included), else
 * the address this request came to.
 */
export function siteOrigin(req: Pick<FastifyRequest, 'protocol' | 'host'>, siteUrl: string): string {
  if (siteUrl) return new URL(siteUrl).origin;
  return configured ?? `${req.protocol}://${req.host}`;
}
