/**
 * The sections of the resources that stand alone (`npm run new:resource` writes one): each file of `resources/`
 * default-exports a ResourceSection. They run after the history, each with a faker seeded by its file's name, so that
 * adding one changes no other record of db.json.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { en, Faker } from '@faker-js/faker';
import { DAY, FROM, iso, TO } from './context.js';

export type ResourceSection = (draw: {
  faker: Faker;
  FROM: number;
  TO: number;
  DAY: number;
  iso: (ms: number) => string;
}) => Record<string, Record<string, unknown>[]>;

/** A number from a file's name, the same on every run. */
const seedOf = (name: string) => [...name].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7);

export async function resourceSections(dir: string): Promise<Record<string, Record<string, unknown>[]>> {
  if (!fs.existsSync(dir)) return {};
  const collections: Record<string, Record<string, unknown>[]> = {};
  for (const file of fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.ts'))
    .sort()) {
    const { default: section } = (await import(pathToFileURL(path.join(dir, file)).href)) as {
      default: ResourceSection;
    };
    const faker = new Faker({ locale: [en] });
    faker.seed(seedOf(file));
    Object.assign(collections, section({ faker, FROM, TO, DAY, iso }));
  }
  return collections;
}
