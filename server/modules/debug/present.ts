import { REDACTED, type ConfigEntry } from '../../../src/common/debug.js';
import type { Config } from '../../config.js';
import { CONFIG_VISIBILITY, type Visibility } from './policy.js';

/** A value, or a list of them (DNS zones; name servers, shown as name=address) shown joined by commas. */
type Leaf = string | number | boolean | null | undefined | (string | Record<string, unknown>)[];

const listItem = (item: string | Record<string, unknown>) =>
  typeof item === 'string'
    ? item
    : Object.values(item)
        .filter((v) => v !== null)
        .join('=');

/** Every leaf of the configuration by its dotted path (a null group, e.g. Stripe unset, is one null leaf). */
export function configLeaves(value: unknown, prefix = ''): [string, Leaf][] {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    return Object.entries(value).flatMap(([k, v]) => configLeaves(v, prefix ? `${prefix}.${k}` : k));
  }
  return [[prefix, value as Leaf]];
}

function showUrl(raw: string, visibility: 'url' | 'origin'): string {
  if (!URL.canParse(raw)) return REDACTED;
  const u = new URL(raw);
  if (visibility === 'origin') return `${u.protocol}//${u.host}${u.pathname !== '/' || u.search ? '/…' : ''}`;
  const shown = `${u.protocol}//${u.username ? `${u.username}${u.password ? ':***' : ''}@` : ''}${u.host}${u.pathname}`;
  return u.search ? `${shown}?…` : shown;
}

function entry(key: string, value: Leaf, visibility: Visibility | undefined): ConfigEntry {
  if (value === undefined || value === null) return { key, value: null, redacted: false };
  if (visibility === 'plain')
    return { key, value: Array.isArray(value) ? value.map(listItem).join(', ') : value, redacted: false };
  if ((visibility === 'url' || visibility === 'origin') && typeof value === 'string') {
    const shown = showUrl(value, visibility);
    return { key, value: shown, redacted: shown !== value };
  }
  // A secret, or a key nobody has classified yet.
  return { key, value: REDACTED, redacted: true };
}

/** The effective configuration with every secret redacted, sorted by key. */
export function presentConfig(
  config: Config,
  visibility: Record<string, Visibility> = CONFIG_VISIBILITY,
): ConfigEntry[] {
  return configLeaves(config)
    .map(([key, value]) => entry(key, value, visibility[key]))
    .sort((a, b) => a.key.localeCompare(b.key));
}
