import {
  dnsQueryLogPage,
  dnsQueryLogQuery,
  dnsRecordBody,
  dnsRecordBulkAnswer,
  dnsRecordDeleted,
  dnsRecordListQuery,
  dnsRecordOne,
  dnsRecordPage,
  dnsRecordPatch,
  dnsResolutionAnswer,
  dnsScriptAnswer,
  dnsScriptLogPage,
  dnsScriptLogQuery,
  resolveParams,
  resolveQuery,
  scriptBody,
} from '../../../src/common/domain.schemas.js';
import { dnsRecordBulkBody } from '../../../src/common/bulk.schemas.js';
import { idParams } from '../../../src/common/list.schemas.js';
import { eachRow } from '../../lib/bulk.js';
import { PUBLIC } from '../../lib/access.js';
import { streamCsv } from '../../lib/csv.js';
import { keysetPages } from '../../lib/pages.js';
import { defineRoutes } from '../../lib/routes.js';
import { domainAccess as access } from './policy.js';
import { presentRecord, queryLogCsv, recordCsv, scriptLogCsv } from './present.js';
import { createRecord, deleteRecord, getRecord, listRecords, recordRows, updateRecord } from './records.js';
import { resolveDomain } from './resolve.js';
import { executeScript, listQueryLogs, listScriptLogs, queryLogRows, scriptLogRows } from './service.js';

export default defineRoutes('domain', (r, { db, config }) => {
  const { zones } = config.dns;

  r.get(
    '/api/domain/records/export.csv',
    {
      config: access.read,
      schema: { querystring: dnsRecordListQuery, summary: 'The filtered, sorted list as CSV (every row, streamed)' },
    },
    (req, reply) =>
      streamCsv(reply, {
        name: 'dns-records',
        columns: recordCsv,
        pages: keysetPages((page) => recordRows(db, req.query, page)),
      }),
  );

  r.get(
    '/api/domain/records',
    {
      config: access.read,
      schema: {
        querystring: dnsRecordListQuery,
        response: { 200: dnsRecordPage },
        summary: 'DNS records of the managed zones, with counts',
      },
    },
    async (req) => ({ ok: true, ...(await listRecords(db, req.query, zones)) }),
  );

  r.get(
    '/api/domain/records/:id',
    { config: access.read, schema: { params: idParams, response: { 200: dnsRecordOne }, summary: 'A DNS record' } },
    async (req) => ({ ok: true, success: true, record: presentRecord(await getRecord(db, req.params.id)) }),
  );

  r.post(
    '/api/domain/record/create',
    {
      config: { ...access.write, refuses: [409] },
      schema: {
        body: dnsRecordBody,
        response: { 201: dnsRecordOne },
        summary: 'Create a DNS record (served by the DNS server within a second)',
      },
    },
    async (req, reply) =>
      reply.status(201).send({ ok: true, success: true, record: await createRecord(db, req.body, zones, req.user) }),
  );

  r.put(
    '/api/domain/records/:id',
    {
      config: { ...access.write, refuses: [409] },
      schema: {
        params: idParams,
        body: dnsRecordPatch,
        response: { 200: dnsRecordOne },
        summary: 'Edit a DNS record, or turn it on or off',
      },
    },
    async (req) => ({
      ok: true,
      success: true,
      record: await updateRecord(db, req.params.id, req.body, zones, req.user),
    }),
  );

  r.post(
    '/api/domain/records/bulk',
    {
      config: access.write,
      schema: {
        body: dnsRecordBulkBody,
        response: { 200: dnsRecordBulkAnswer },
        summary: 'Activate, deactivate or delete the selected DNS records, each on its own; answers each one’s outcome',
      },
    },
    async (req) => {
      const { action } = req.body;
      return {
        ok: true,
        success: true,
        ...(await eachRow(req.body.ids, (id) =>
          action === 'delete'
            ? deleteRecord(db, id, req.user)
            : updateRecord(db, id, { isActive: action === 'activate' }, zones, req.user),
        )),
      };
    },
  );

  r.delete(
    '/api/domain/records/:id',
    {
      config: access.write,
      schema: { params: idParams, response: { 200: dnsRecordDeleted }, summary: 'Delete a DNS record' },
    },
    async (req) => {
      await deleteRecord(db, req.params.id, req.user);
      return { ok: true, success: true };
    },
  );

  r.get(
    '/api/domain/resolve/:domain',
    {
      config: { ...PUBLIC, rateLimit: { max: config.dns.resolveRateLimitMax, timeWindow: '1 minute' } },
      schema: {
        params: resolveParams,
        querystring: resolveQuery,
        response: { 200: dnsResolutionAnswer },
        summary: 'Resolve a name: managed records first, then the system resolver; logged',
      },
    },
    async (req) => ({ ok: true, ...(await resolveDomain(db, req.params.domain, req.query.type, config.dns, req.ip)) }),
  );

  r.get(
    '/api/domain/query/logs',
    {
      config: access.read,
      schema: {
        querystring: dnsQueryLogQuery,
        response: { 200: dnsQueryLogPage },
        summary: 'The resolutions made through the resolve endpoint',
      },
    },
    async (req) => ({ ok: true, ...(await listQueryLogs(db, req.query)) }),
  );

  r.get(
    '/api/domain/query/logs/export.csv',
    {
      config: access.read,
      schema: { querystring: dnsQueryLogQuery, summary: 'The filtered query log as CSV (every row, streamed)' },
    },
    (req, reply) =>
      streamCsv(reply, {
        name: 'dns-query-logs',
        columns: queryLogCsv,
        pages: keysetPages((page) => queryLogRows(db, req.query, page)),
      }),
  );

  r.get(
    '/api/domain/script/logs/export.csv',
    {
      config: access.read,
      schema: { querystring: dnsScriptLogQuery, summary: 'The filtered script log as CSV (every row, streamed)' },
    },
    (req, reply) =>
      streamCsv(reply, {
        name: 'dns-script-logs',
        columns: scriptLogCsv,
        pages: keysetPages((page) => scriptLogRows(db, req.query, page)),
      }),
  );

  r.get(
    '/api/domain/script/logs',
    {
      config: access.read,
      schema: {
        querystring: dnsScriptLogQuery,
        response: { 200: dnsScriptLogPage },
        summary: 'The record scripts’ run log: filters, pages',
      },
    },
    async (req) => ({ ok: true, ...(await listScriptLogs(db, req.query)) }),
  );

  r.post(
    '/api/domain/script/execute',
    {
      config: { ...access.write, refuses: [404, 409] },
      schema: {
        body: scriptBody,
        response: { 200: dnsScriptAnswer },
        summary: 'Run Create, Update or Delete DNS Record as one audited operation',
      },
    },
    async (req) => ({ ok: true, ...(await executeScript(db, req.body, zones, req.user)) }),
  );
});
