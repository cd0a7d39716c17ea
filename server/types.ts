import type { ZodObject } from 'zod';
import type { Capability } from '../src/common/capabilities.js';
import type { Restriction } from '../src/common/two-factor.js';
import type { Config } from './config.js';
import type { Refusal } from './lib/openapi.js';
import type { Database, Db } from './db/client.js';
import type { Providers } from './modules/payments/providers/index.js';
import type { SettingsService } from './modules/settings/service.js';
import type { ChainRuntime } from './modules/mint/runtime.js';
import type { Lifecycle } from './plugins/lifecycle.js';

export type AuthUser = {
  id: string;
  email: string;
  name: string;
  role: string;
  sessionId: string;
  /** What this session must do before anything else (change a reset password, enrol in 2FA); null: nothing. */
  restriction: Restriction | null;
  /** The address of the request (set by the auth plugin), recorded with what the user changes. */
  ip?: string;
};

/** Who a service records as having made a change (null: the system, e.g. the mint worker). */
export type Actor = { id: string; ip?: string } | null;

export type AppContext = {
  config: Config;
  database: Database;
  db: Db;
  settings: SettingsService;
  /** The connected chain and in-process mint worker; null when the app was built without a chain (most API tests). */
  chain: ChainRuntime | null;
  /** The payment providers configured here (the others answer "not configured"). */
  providers: Providers;
  /** The embedded DNS server's port once it listens; null when it does not run (DNS_SERVER=false, most API tests). */
  dnsServer: { port: number } | null;
  /** Starting, serving or draining (plugins/lifecycle.ts): GET /api/ready answers 503 unless serving. */
  lifecycle: Lifecycle;
  /** The crypto watcher running in this process, when crypto payments are on (tests nudge it). */
  cryptoWatcher?: { nudge(): void; stop(): Promise<void>; watcher: { pass(): Promise<{ completed: string[] }> } };
};

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
  interface FastifyRequest {
    user: AuthUser | null;
  }
  interface FastifyContextConfig {
    /** Reachable without a token. */
    public?: boolean;
    /** With `public`: a valid bearer token still identifies the caller (`req.user`); a missing or stale one reads as anonymous. */
    identify?: boolean;
    /** A restricted session (src/common/two-factor.ts) may call this route while it is restricted that way. */
    allowDuring?: readonly Restriction[];
    /** The role capability a caller needs (PRODUCT.md, Roles). */
    capability?: Capability;
    /** A multipart/form-data upload, as the OpenAPI document describes it: the file's field and the text fields beside it. */
    upload?: { file: string; description: string; fields?: ZodObject };
    /** On success a file rather than JSON, as the OpenAPI document describes it: its media types. */
    sends?: { types: readonly string[]; description: string };
    /** The refusals this route answers besides the ones every route may (400, 401, 403, 404 on a record, 413, 415, 429), for the OpenAPI document. */
    refuses?: readonly Refusal[];
  }
}
