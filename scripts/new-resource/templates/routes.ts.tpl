import { okAnswer } from '../../../src/common/answers.schemas.js';
import { idParams } from '../../../src/common/list.schemas.js';
import {
  {{oneCamel}}Body,
  {{oneCamel}}ListQuery,
  {{oneCamel}}One,
  {{oneCamel}}Page,
  {{oneCamel}}Patch,
} from '../../../src/common/{{kebab}}.schemas.js';
import { resourceAccess } from '../../lib/access.js';
import { streamCsv } from '../../lib/csv.js';
import { keysetPages } from '../../lib/pages.js';
import { defineRoutes } from '../../lib/routes.js';
import { present{{OnePascal}}, {{oneCamel}}Csv } from './present.js';
import {
  create{{OnePascal}},
  delete{{OnePascal}},
  get{{OnePascal}},
  list{{Pascal}},
  {{oneCamel}}Rows,
  update{{OnePascal}},
} from './service.js';

/** Staff read {{label}}, admins and operators change them (src/common/resources.ts); a rule of its own goes in policy.ts. */
const access = resourceAccess('{{kebab}}');

export default defineRoutes('{{kebab}}', (r, { db }) => {
  r.get(
    '/api/{{kebab}}',
    {
      config: access.read,
      schema: {
        querystring: {{oneCamel}}ListQuery,
        response: { 200: {{oneCamel}}Page },
        summary: '{{Label}}: filters, search, pages, sorts',
      },
    },
    async (req) => ({ ok: true, ...(await list{{Pascal}}(db, req.query)) }),
  );

  r.get(
    '/api/{{kebab}}/export.csv',
    {
      config: access.read,
      schema: { querystring: {{oneCamel}}ListQuery, summary: 'The filtered, sorted list as CSV (every row, streamed)' },
    },
    (req, reply) =>
      streamCsv(reply, {
        name: '{{kebab}}',
        columns: {{oneCamel}}Csv,
        pages: keysetPages((page) => {{oneCamel}}Rows(db, req.query, page)),
      }),
  );

  r.get(
    '/api/{{kebab}}/:id',
    { config: access.read, schema: { params: idParams, response: { 200: {{oneCamel}}One }, summary: 'A {{oneLabel}}' } },
    async (req) => ({ ok: true, {{oneCamel}}: present{{OnePascal}}(await get{{OnePascal}}(db, req.params.id)) }),
  );

  r.post(
    '/api/{{kebab}}',
    {
      config: access.write,
      schema: { body: {{oneCamel}}Body, response: { 201: {{oneCamel}}One }, summary: 'Create a {{oneLabel}}' },
    },
    async (req, reply) =>
      reply.status(201).send({ ok: true, {{oneCamel}}: await create{{OnePascal}}(db, req.body, req.user) }),
  );

  r.put(
    '/api/{{kebab}}/:id',
    {
      config: access.write,
      schema: {
        params: idParams,
        body: {{oneCamel}}Patch,
        response: { 200: {{oneCamel}}One },
        summary: 'Change some of a {{oneLabel}}’s fields',
      },
    },
    async (req) => ({ ok: true, {{oneCamel}}: await update{{OnePascal}}(db, req.params.id, req.body, req.user) }),
  );

  r.delete(
    '/api/{{kebab}}/:id',
    { config: access.write, schema: { params: idParams, response: { 200: okAnswer }, summary: 'Delete a {{oneLabel}}' } },
    async (req) => {
      await delete{{OnePascal}}(db, req.params.id, req.user);
      return { ok: true };
    },
  );
});
