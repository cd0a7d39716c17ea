import { describe, expect, it } from 'vitest';
import englishMessages from 'ra-language-english';
import en from '../../src/admin/i18n/en';
import zh from '../../src/admin/i18n/zh';
import { ALERT_CODES } from '../../src/common/dashboard';
import { MENU, RESOURCES } from '../../src/common/resources';
import shopEn from '../../src/shop/i18n/en';
import shopZh from '../../src/shop/i18n/zh';

/** Every leaf key path of a nested catalogue. */
function leaves(obj: object, prefix = ''): string[] {
  return Object.entries(obj).flatMap(([key, value]) =>
    value && typeof value === 'object' ? leaves(value as object, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

describe('catalogues', () => {
  it('translates every react-admin key into Chinese', () => {
    expect(leaves(zh.ra).sort()).toEqual(leaves(englishMessages.ra).sort());
    const untranslated = leaves(zh.ra).filter((k) => {
      const value = k.split('.').reduce<unknown>((o, part) => (o as Record<string, unknown>)[part], zh.ra);
      return (
        typeof value === 'string' && value.trim() !== '' && !/[\u4e00-\u9fff]/.test(value) && !/^%\{\w+\}/.test(value)
      );
    });
    expect(untranslated).toEqual([]);
  });

  it('has the same keys in English and Chinese: app, resources and the server\u2019s errors', () => {
    expect(leaves(zh.app).sort()).toEqual(leaves(en.app).sort());
    expect(leaves(zh.resources).sort()).toEqual(leaves(en.resources).sort());
    expect(leaves(zh.errors).sort()).toEqual(leaves(en.errors).sort());
    expect(leaves(zh).sort()).toEqual(leaves(en).sort());
    const valueAt = (o: object, k: string) =>
      k.split('.').reduce<unknown>((x, part) => (x as Record<string, unknown>)[part], o);
    const untranslated = [...leaves({ app: zh.app }), ...leaves({ resources: zh.resources })].filter(
      (k) => valueAt(zh, k) === valueAt(en, k) && /[a-z]{3,} [a-z]{3,}/i.test(String(valueAt(en, k))),
    );
    expect(untranslated).toEqual([]);
  });

  it('has the same keys in the shop\u2019s English and Chinese, every Chinese one translated', () => {
    expect(leaves(shopZh).sort()).toEqual(leaves(shopEn).sort());
    const valueAt = (o: object, k: string) =>
      k.split('.').reduce<unknown>((x, part) => (x as Record<string, unknown>)[part], o);
    const same = leaves(shopZh).filter(
      (k) => valueAt(shopZh, k) === valueAt(shopEn, k) && /[a-z]{3,} [a-z]{3,}/i.test(String(valueAt(shopEn, k))),
    );
    expect(same).toEqual([]);
  });

  it("keeps each resource's text under resources.<name>, named as in the resource table", () => {
    expect(Object.keys(en.resources).filter((name) => !(name in RESOURCES))).toEqual([]);
    expect(Object.keys(en.app).filter((key) => ['products', 'orders', 'mint_queue'].includes(key))).toEqual([]);
  });

  it('has a sentence for every alert the dashboard can raise', () => {
    expect(Object.keys(en.app.dashboard.alerts)).toEqual(expect.arrayContaining([...ALERT_CODES]));
  });

  it('keeps the shell’s English sentences and a label for each menu entry', () => {
    expect(en.app.login.title).toBe('Admin Login');
    expect(en.app.layout.not_logged_in).toBe('Not logged in, please login to access all features.');
    expect(en.app.access.not_allowed).toBe('You are not allowed to see this page.');
    expect(Object.keys(en.app.menu).sort()).toEqual(MENU.map((m) => m.label).sort());
  });
});
