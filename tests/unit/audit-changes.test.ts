import { describe, expect, it } from 'vitest';
import { changes } from '../../server/modules/audit/changes.js';
import {
  auditLines,
  CATALOGUE_OF,
  formatValue,
  lineText,
  type LineFormat,
} from '../../src/admin/components/auditLines.js';
import webhooksEn from '../../src/admin/resources/webhooks/i18n/en.js';
import webhooksZh from '../../src/admin/resources/webhooks/i18n/zh.js';

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
});

describe("a webhook's audit entries", () => {
  it('name every field they carry in English and in Chinese', () => {
    expect(CATALOGUE_OF.webhook).toBe('resources.webhooks');
    // What webhooks/service.ts audits: create, update (its fields), delete, rotate, replay, test.
    const carried = ['url', 'events', 'enabled', 'description', 'overlapHours', 'deliveryId', 'replay', 'eventId'];
    for (const fields of [webhooksEn.fields, webhooksZh.fields] as Record<string, string>[])
      expect(carried.filter((field) => !fields[field])).toEqual([]);
    expect(webhooksZh.fields.overlapHours).not.toBe(webhooksEn.fields.overlapHours);
  });
});
