import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { changes } from '../../server/modules/audit/changes.js';
import {
  auditLines,
  CATALOGUE_OF,
  codeKey,
  formatValue,
  humanize,
  lineText,
  type LineFormat,
} from '../../src/admin/components/auditLines.js';
import en from '../../src/admin/i18n/en.js';
import zh from '../../src/admin/i18n/zh.js';
import { AUDIT_CODES, AUDIT_FIELDS } from '../../src/common/audit-fields.js';
import { AUDIT_ENTITIES, type AuditEntity } from '../../src/common/resources.js';

const WRITERS: Record<string, { entity: number; data: number }> = {
  audit: { entity: 3, data: 5 },
  auditRow: { entity: 3, data: 5 },
  auditEntry: { entity: 0, data: 1 },
};

type AuditCall = { at: string; entity: string | null; fields: { field: string; word?: string }[] };

/** The fields an entry's details name as written: an object literal's keys, through spreads and conditionals. */
function writtenFields(node: ts.Expression | undefined): { field: string; word?: string }[] {
  if (!node) return [];
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isNonNullExpression(node))
    return writtenFields(node.expression);
  if (ts.isConditionalExpression(node)) return [...writtenFields(node.whenTrue), ...writtenFields(node.whenFalse)];
  if (!ts.isObjectLiteralExpression(node)) return [];
  return node.properties.flatMap((p) => {
    if (ts.isSpreadAssignment(p)) return writtenFields(p.expression);
    if (ts.isShorthandPropertyAssignment(p)) return [{ field: p.name.text }];
    if (!ts.isPropertyAssignment(p) || !(ts.isIdentifier(p.name) || ts.isStringLiteral(p.name))) return [];
    const field = p.name.text;
    if (field === 'before' || field === 'after') return [{ field }, ...writtenFields(p.initializer)];
    const value = p.initializer;
    return [
      { field, word: ts.isStringLiteral(value) || ts.isNoSubstitutionTemplateLiteral(value) ? value.text : undefined },
    ];
  });
}

/** Every call of the audit writers under server/ (their own module's pass-through excepted). */
function serverAuditCalls(): AuditCall[] {
  const files = (fs.readdirSync('server', { recursive: true }) as string[])
    .map((f) => path.join('server', f))
    .filter((f) => f.endsWith('.ts') && f !== path.join('server', 'modules', 'audit', 'service.ts'));
  return files.flatMap((file) => {
    const text = fs.readFileSync(file, 'utf8');
    if (!/\baudit(Row|Entry)?\(/.test(text)) return [];
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true);
    const calls: AuditCall[] = [];
    const visit = (node: ts.Node) => {
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && WRITERS[node.expression.text]) {
        const where = WRITERS[node.expression.text]!;
        const entity = node.arguments[where.entity];
        calls.push({
          at: `${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`,
          entity: entity && ts.isStringLiteral(entity) ? entity.text : null,
          fields: writtenFields(node.arguments[where.data]),
        });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
    return calls;
  });
}

describe('changes: what an edit changed, for its audit entry', () => {
  it('keeps only the fields whose value differs, each from → to, and never updatedAt', () => {
    const before = { title: 'Lamp', priceFiat: 12, image: null, tokenId: null, updatedAt: '2025-01-01T00:00:00.000Z' };
    const after = { title: 'Lamp', priceFiat: 14.5, image: null, tokenId: null, updatedAt: '2025-01-02T00:00:00.000Z' };
    expect(changes(before, after)).toEqual({ priceFiat: { from: 12, to: 14.5 } });
  });

  it('sees null and a missing field as the same, and compares dates and arrays by value', () => {
    expect(changes({ note: null }, { note: undefined })).toEqual({});
    expect(changes({ at: new Date('2025-01-01') }, { at: new Date('2025-01-01') })).toEqual({});
    expect(changes({ tags: ['a'] }, { tags: ['a', 'b'] })).toEqual({ tags: { from: ['a'], to: ['a', 'b'] } });
    expect(changes({ phone: 'x' }, { phone: null })).toEqual({ phone: { from: 'x', to: null } });
  });

  it('leaves out the fields it is told to skip', () => {
    expect(
      changes({ status: 'active', isActive: true }, { status: 'suspended', isActive: false }, ['isActive']),
    ).toEqual({ status: { from: 'active', to: 'suspended' } });
  });
});

const format: LineFormat = {
  label: (field) =>
    ({ priceFiat: 'Price', status: 'Status', endDate: 'End date', image: 'Image', sku: 'SKU' })[field] ?? field,
  money: (amount) => `$${amount.toFixed(2)}`,
  date: (iso) => iso.slice(0, 10),
  yesNo: (value) => (value ? 'Yes' : 'No'),
  text: (field, value) => (field === 'status' ? value.toUpperCase() : value),
};
const texts = (data: unknown) => auditLines(data).map((line) => lineText(line, format));

describe('an audit entry as lines a person reads', () => {
  it('an edit: one line per field, labelled, money as money, dates as dates, nothing as —', () => {
    expect(
      texts({
        priceFiat: { from: 12, to: 14.5 },
        endDate: { from: null, to: '2025-06-30T23:59:59.999Z' },
        status: { from: 'draft', to: 'active' },
      }),
    ).toEqual(['Price: $12.00 → $14.50', 'End date: — → 2025-06-30', 'Status: DRAFT → ACTIVE']);
  });

  it('an older entry of the values given: a line per field, the empty ones left out', () => {
    expect(texts({ sku: 'LAMP-1', image: null, tokenId: null, redeemPolicy: '', priceFiat: 12 })).toEqual([
      'SKU: LAMP-1',
      'Price: $12.00',
    ]);
  });

  it('an older edit of {before, after}: a change per field after names', () => {
    expect(texts({ before: { status: 'active', phone: null }, after: { status: 'suspended', phone: '+1 5' } })).toEqual(
      ['Status: ACTIVE → SUSPENDED', 'phone: — → +1 5'],
    );
  });

  it('a status move beside what else the entry says', () => {
    expect(texts({ status: { from: 'paid', to: 'fulfilled' }, by: 'staff' })).toEqual([
      'Status: PAID → FULFILLED',
      'by: staff',
    ]);
  });

  it('cents as money, yes/no, and nothing for an entry without details', () => {
    expect(formatValue('amountCents', 1250, format)).toBe('$12.50');
    expect(formatValue('twoFactorEnabled', false, format)).toBe('No');
    expect(texts(null)).toEqual([]);
  });

  it('a list of codes by their names, one after another', () => {
    expect(formatValue('status', ['draft', 'active'], format)).toBe('DRAFT, ACTIVE');
    expect(formatValue('status', [], format)).toBe('—');
    expect(formatValue('items', [{ productId: 'p', qty: 2 }], format)).toBe('[{"productId":"p","qty":2}]');
  });
});

/** The catalogue's words at a dotted key, or undefined. */
const wordsAt = (catalogue: unknown, key: string): unknown =>
  key
    .split('.')
    .reduce<unknown>(
      (at, part) => (at && typeof at === 'object' ? (at as Record<string, unknown>)[part] : undefined),
      catalogue,
    );

/** Names kept as they are in Chinese: codes and abbreviations (URL, SKU, TTL, SHA-256, ERC-1155). */
const KEPT = /^[A-Z0-9][A-Z0-9 .-]*$/;

describe("every record type's audit entries", () => {
  it('list what they carry for every record type the audit log names', () => {
    expect(Object.keys(AUDIT_FIELDS).sort()).toEqual([...AUDIT_ENTITIES].sort());
    for (const entity of AUDIT_ENTITIES) expect(CATALOGUE_OF[entity], entity).toBeTruthy();
  });

  // AUDIT_FIELDS is what audit() accepts (server/modules/audit/service.ts): a field the server writes that it lacks
  // does not compile, and a field it lists without words here fails this test.
  it('label every field they carry in English and in Chinese, and name every code a field holds', () => {
    const missing: string[] = [];
    const untranslated: string[] = [];
    // a label is a translation; a code's name may be kept (a brand: Stripe, PayPal)
    const check = (key: string, label: boolean) => {
      const [inEn, inZh] = [wordsAt(en, key), wordsAt(zh, key)];
      if (typeof inEn !== 'string' || !inEn) missing.push(`en ${key}`);
      if (typeof inZh !== 'string' || !inZh) missing.push(`zh ${key}`);
      else if (label && inZh === inEn && !KEPT.test(inEn)) untranslated.push(key);
    };
    for (const entity of AUDIT_ENTITIES) {
      const catalogue = CATALOGUE_OF[entity]!;
      for (const field of AUDIT_FIELDS[entity]) check(`${catalogue}.fields.${field}`, true);
      const codes = (AUDIT_CODES[entity] ?? {}) as Record<string, readonly string[]>;
      for (const [field, values] of Object.entries(codes)) {
        expect(AUDIT_FIELDS[entity] as readonly string[], `${entity}.${field}`).toContain(field);
        for (const value of values) check(codeKey(entity, field, value)!, false);
      }
    }
    expect(missing).toEqual([]);
    expect(untranslated).toEqual([]);
  });

  // The server's side of the lists: every audit(), auditRow() and auditEntry() call under server/, read as written.
  // A field written by name must be listed for its record type, and a field given a fixed word ('staff') is a code
  // that needs its name. Fields that reach an entry through a spread or a variable (changes(...), an input) are
  // checked by the compiler: audit() takes only details whose type has the listed fields (AuditData).
  it("list every field the server's audit calls write, and name every code they write", () => {
    const calls = serverAuditCalls();
    expect(calls.length).toBeGreaterThan(60);
    const problems: string[] = [];
    const audited = new Set<string>();
    for (const call of calls) {
      if (!call.entity) {
        problems.push(`${call.at}: the record type is not written as a string`);
        continue;
      }
      if (!(AUDIT_ENTITIES as readonly string[]).includes(call.entity)) {
        problems.push(`${call.at}: ${call.entity} is not in AUDIT_ENTITIES`);
        continue;
      }
      const entity = call.entity as AuditEntity;
      audited.add(entity);
      const listed = AUDIT_FIELDS[entity] as readonly string[];
      const codes = (AUDIT_CODES[entity] ?? {}) as Record<string, readonly string[]>;
      for (const { field, word } of call.fields) {
        if (field === 'before' || field === 'after') continue;
        if (!listed.includes(field)) problems.push(`${call.at}: ${entity}.${field} is not in AUDIT_FIELDS`);
        if (word !== undefined && !codes[field]?.includes(word))
          problems.push(`${call.at}: ${entity}.${field} = '${word}' is not in AUDIT_CODES`);
      }
    }
    expect(problems).toEqual([]);
    // a record type no call writes any more is left in the lists by mistake
    expect([...AUDIT_ENTITIES].filter((entity) => !audited.has(entity))).toEqual([]);
  });

  // The demo seed (db.json) brings entries of its own: they carry only fields the server writes, so none is humanised.
  it("label every field the demo seed's entries carry", () => {
    const seed = JSON.parse(fs.readFileSync('db.json', 'utf8')) as {
      auditEvents: { entity: string; data: Record<string, unknown> | null }[];
    };
    const unlisted = new Set<string>();
    for (const { entity, data } of seed.auditEvents) {
      const listed = (AUDIT_FIELDS as Record<string, readonly string[] | undefined>)[entity] ?? [];
      const sides = [data ?? {}, ...[data?.before, data?.after].filter((d) => d && typeof d === 'object')];
      for (const side of sides as Record<string, unknown>[])
        for (const field of Object.keys(side))
          if (field !== 'before' && field !== 'after' && !listed.includes(field)) unlisted.add(`${entity}.${field}`);
    }
    expect([...unlisted]).toEqual([]);
  });

  it('show a field without words by its humanised name, and a code without words as it is', () => {
    expect(humanize('minimumSubtotal')).toBe('Minimum subtotal');
    expect(humanize('replaced_sha256')).toBe('Replaced sha256');
  });
});
