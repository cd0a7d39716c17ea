import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyPluginAsync,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../types.js';

/** The app as a module sees it: request and reply types come from the routes' zod schemas. */
export type Router = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/**
 * A module's routes as a plugin: `register` gets the zod-typed router and the app's context, and every route
 * it adds is filed under `tag` in the OpenAPI document. Each route names its access in `config` (from the
 * module's policy.ts) and its zod schemas in `schema`; the auth plugin checks the one, the type provider the other.
 */
export function defineRoutes(
  tag: string,
  register: (r: Router, ctx: AppContext) => void | Promise<void>,
): FastifyPluginAsync {
  return async (app) => {
    app.addHook('onRoute', (route) => {
      route.schema = { tags: [tag], ...route.schema };
    });
    await register(app.withTypeProvider<ZodTypeProvider>(), app.ctx);
  };
}
