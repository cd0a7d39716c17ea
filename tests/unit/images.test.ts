import { describe, expect, it } from 'vitest';
import { imageKind } from '../../server/modules/products/images.js';

const bytes = (...values: (number | string)[]) =>
  new Uint8Array(values.flatMap((v) => (typeof v === 'string' ? [...v].map((c) => c.charCodeAt(0)) : [v])));

describe('image kind from the bytes', () => {
  it.each([
    [bytes(0xff, 0xd8, 0xff, 0xe0), 'jpg'],
    [bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a, 0), 'png'],
    [bytes('RIFF', 0, 0, 0, 0, 'WEBP', 'VP8 '), 'webp'],
    [bytes('RIFF', 0, 0, 0, 0, 'WAVE'), null],
    [bytes('GIF89a'), null],
    [bytes(0x89, 'PNG'), null],
    [bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'), null],
    [bytes(), null],
  ])('%#: %s', (data, kind) => {
    expect(imageKind(data)).toBe(kind);
  });
});
