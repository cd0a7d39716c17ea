/** Domain management as both sides see it: DNS record types, scripts and the API's shapes (request schemas: domain.schemas.ts). */

/** The zone managed when DNS_ZONES is not set (the demo data's records are in it). */
export const DNS_ZONE_DEFAULT = 'rwa.test';

export const DNS_TYPES = ['A', 'AAAA', 'CNAME', 'MX', 'TXT', 'NS'] as const;
export type DnsType = (typeof DNS_TYPES)[number];

/** The script screen offers every type but NS; the server takes NS too. */
export const SCRIPT_DNS_TYPES = ['A', 'AAAA', 'CNAME', 'MX', 'TXT'] as const;

export const DNS_SCRIPTS = ['Create DNS Record', 'Update DNS Record', 'Delete DNS Record'] as const;
export type DnsScript = (typeof DNS_SCRIPTS)[number];

/** The default TTL and its bounds, in seconds (PRODUCT.md, Screens: Domain Management). */
export const DNS_TTL_DEFAULT = 300;
export const DNS_TTL_MIN = 60;
export const DNS_TTL_MAX = 86_400;
/** A TXT value is sent in character strings of at most this many bytes (RFC 1035 §3.3). */
export const TXT_STRING_BYTES = 255;
/** The longest TXT value taken, in characters. */
export const TXT_MAX_LENGTH = 2_000;

export const DNS_RECORD_STATUSES = ['active', 'inactive'] as const;
export const DNS_RECORD_SORTS = ['createdAt', 'domain', 'type', 'ttl'] as const;
export const DNS_LOG_OUTCOMES = ['success', 'failure'] as const;
/** What the query log and the script log sort by (createdAt, newest first, by default). */
export const DNS_QUERY_LOG_SORTS = ['createdAt', 'domain', 'durationMs'] as const;
export const DNS_SCRIPT_LOG_SORTS = ['createdAt', 'scriptName'] as const;
export const DNS_QUERY_SOURCES = ['managed', 'system'] as const;
export type DnsQuerySource = (typeof DNS_QUERY_SOURCES)[number];

/** A DNS record as the API answers it (server/modules/domain/present.ts). */
export type DnsRecord = {
  id: string;
  domain: string;
  type: DnsType;
  value: string;
  ttl: number;
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
};

export type DnsRecordCounts = { all: number; active: number; inactive: number; byType: Record<DnsType, number> };

/** GET /api/domain/records: a page of records, the filter's total, counts over every record and the managed zones. */
export type DnsRecordList = {
  success: true;
  records: DnsRecord[];
  total: number;
  totalIsEstimate: boolean;
  counts: DnsRecordCounts;
  zones: string[];
};

/** One answer of a resolution: e.g. {type: 'MX', value: '10 mail.example.com', ttl: 300}. */
export type DnsAnswer = { name: string; type: DnsType; value: string; ttl: number | null };

/** GET /api/domain/resolve/{domain}. */
export type DnsResolution = {
  success: boolean;
  domain: string;
  type: DnsType;
  source: DnsQuerySource;
  records: DnsAnswer[];
  error: string | null;
  durationMs: number;
};

export type DnsQueryLog = {
  id: number;
  domain: string;
  type: DnsType;
  success: boolean;
  result: string[];
  error: string | null;
  source: DnsQuerySource;
  durationMs: number;
  createdAt: string;
};

export type DnsQueryLogList = {
  success: true;
  logs: DnsQueryLog[];
  total: number;
  totalIsEstimate: boolean;
  recent24h: number;
};

export type DnsScriptLog = {
  id: number;
  scriptName: DnsScript;
  parameters: Record<string, unknown>;
  success: boolean;
  output: string | null;
  error: string | null;
  recordId: string | null;
  createdAt: string;
};

export type DnsScriptLogList = { success: true; logs: DnsScriptLog[]; total: number; totalIsEstimate: boolean };

/** POST /api/domain/script/execute. */
export type DnsScriptResult = { success: true; output: string; record: DnsRecord | null; log: DnsScriptLog };
