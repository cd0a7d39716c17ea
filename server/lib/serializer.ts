import { isDeepStrictEqual } from 'node:util';
import build from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import type { z } from 'zod';
import { answerJsonSchema } from './openapi.js';

type Options = {
  /**
   * Refuse an answer the schema would change (a field it lacks, a null it does not allow, a number sent as text):
   * in tests, so that a response schema missing a field fails there instead of the field vanishing in production.
   */
  exact: boolean;
};

/**
 * Each schema compiled once per process: a schema is a module's constant, shared by every app built in it (a test
 * worker builds dozens, each compiling every route's answers at start).
 */
const compiled = new WeakMap<z.ZodType, (data: unknown) => string>();
function compile(schema: z.ZodType) {
  let stringify = compiled.get(schema);
  if (!stringify) {
    stringify = build(answerJsonSchema(schema) as unknown as Parameters<typeof build>[0]);
    compiled.set(schema, stringify);
  }
  return stringify;
}

/**
 * Fastify's serializer for a route's declared answers: each zod response schema, as the OpenAPI document states it,
 * compiled once by fast-json-stringify. Only the schema's fields are sent, and compiled code is faster than
 * JSON.stringify. Routes that declare no response schema keep Fastify's JSON.stringify.
 * Outside tests each is compiled at its first answer: compiling all of them took a third of a start's CPU. In tests
 * (`exact`) all are compiled at start, so a schema fast-json-stringify refuses fails every test run.
 */
export function answerSerializer({ exact }: Options): FastifySerializerCompiler<z.ZodType> {
  return ({ schema, method, url, httpStatus }) => {
    if (!exact) {
      let stringify: ((data: unknown) => string) | undefined;
      return (data) => (stringify ??= compile(schema))(data);
    }
    const stringify = compile(schema);
    return (data) => {
      const sent = stringify(data);
      if (!isDeepStrictEqual(JSON.parse(sent), JSON.parse(JSON.stringify(data)))) {
        throw new Error(
          `${method} ${url} ${httpStatus}: the response schema changes the answer (a field it lacks or types otherwise). Answer: ${JSON.stringify(data).slice(0, 500)}; sent: ${sent.slice(0, 500)}`,
        );
      }
      return sent;
    };
  };
}
