/** What every section of the demo data shares: its dates, its helpers and the seeded faker. */
import { faker } from '@faker-js/faker';
import { DEV_TOKEN_ADDRESS } from '../../server/chain/dev-chain.js';

export const FROM = new Date('2025-12-01T00:00:00Z').getTime();
export const TO = new Date('2026-11-30T22:00:00Z').getTime();
export const DAY = 86_400_000;
export const DEV_PASSWORD = 'rwa-dev-password';

faker.seed(20261130);
/**
 * Tokens are on the dev chain's contract, as `npm start` mints them (a seed loaded elsewhere is mapped onto that chain).
 * The address drawn before that is dropped, so that every later draw, and the file, stay as they were.
 */
export const onDevChain = (_drawn: string) => DEV_TOKEN_ADDRESS;
export const iso = (ms: number) => new Date(ms).toISOString();
export const fiat = (cents: number) => cents / 100;
