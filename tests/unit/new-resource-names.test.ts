import { describe, expect, it } from 'vitest';
import { fill, nameProblem, namesOf } from '../../scripts/new-resource/names.js';

describe('npm run new:resource: the names a resource goes by', () => {
  it.each([
    ['', /lower-case words/],
    ['../etc', /lower-case words/],
    ['Stock-Counts', /lower-case words/],
    ['stock--counts', /lower-case words/],
    ['stock-counts-', /lower-case words/],
    ['1st-counts', /lower-case words/],
    ['stock_counts', /lower-case words/],
    ['a'.repeat(41), /at most 40 characters/],
    ['sheep', /--one/],
  ])('refuses %j with a sentence', (name, sentence) => {
    expect(nameProblem(name)).toMatch(sentence);
  });

  it('refuses a bad or long singular, and takes a good one', () => {
    expect(nameProblem('sheep', 'Sheep!')).toMatch(/must look like the name/);
    expect(nameProblem('sheep', 'a'.repeat(41))).toMatch(/at most 40 characters/);
    expect(nameProblem('sheep', 'one-sheep')).toBeNull();
    expect(nameProblem('stock-counts')).toBeNull();
  });

  it('derives every spelling from the route name', () => {
    expect(namesOf('stock-counts', { zh: '库存盘点' })).toEqual({
      kebab: 'stock-counts',
      camel: 'stockCounts',
      Pascal: 'StockCounts',
      oneCamel: 'stockCount',
      OnePascal: 'StockCount',
      CONST: 'STOCK_COUNT',
      table: 'stock_counts',
      entity: 'stock_count',
      Label: 'Stock counts',
      label: 'stock counts',
      oneLabel: 'stock count',
      OneLabelCap: 'Stock count',
      zh: '库存盘点',
    });
    expect(namesOf('categories')).toMatchObject({ oneCamel: 'category', entity: 'category', zh: 'Categories' });
  });

  it('fills every token of a template and refuses an unknown one', () => {
    const n = namesOf('stock-counts');
    expect(fill("export const {{camel}} = '{{kebab}}'; sx={{ a: 1 }}", n)).toBe(
      "export const stockCounts = 'stock-counts'; sx={{ a: 1 }}",
    );
    expect(() => fill('{{nope}}', n)).toThrow('Unknown token {{nope}}');
  });
});
