/** A loop's last error as GET /api/system shows it: no credentials, secrets or tokens, and never a wall of text. */
import { describe, expect, it } from 'vitest';
import { hostOf, redactError } from '../../server/modules/system/redact.js';

describe('redactError', () => {
  it.each([
    ['connect ECONNREFUSED postgres://app:hunter2@db:5432/shop', 'connect ECONNREFUSED postgres://***@db:5432/shop'],
    [
      'Invalid login for smtps://mailer:pa55@mail.example.com:465',
      'Invalid login for smtps://***@mail.example.com:465',
    ],
    ['RPC https://node.example/v3?apikey=abc123 timed out', 'RPC https://node.example/v3?apikey=*** timed out'],
    ['sent Authorization: Bearer eyJhbGciOi.x.y', 'sent Authorization: Bearer ***'],
    [`key 0x${'ab'.repeat(32)} refused`, 'key 0x*** refused'],
    ['the chain is away', 'the chain is away'],
  ])('%s', (raw, shown) => {
    expect(redactError(raw)).toBe(shown);
  });

  it('cuts a long message and keeps null', () => {
    expect(redactError('x'.repeat(1000))!.length).toBe(300);
    expect(redactError(null)).toBeNull();
  });
});

describe('hostOf', () => {
  it('keeps the host and port, never the user or password', () => {
    expect(hostOf('smtp://user:secret@mail.example.com:587')).toBe('mail.example.com:587');
    expect(hostOf('redis://:pw@127.0.0.1:6379/0')).toBe('127.0.0.1:6379');
    expect(hostOf(undefined)).toBeNull();
    expect(hostOf('not a url')).toBeNull();
  });
});
