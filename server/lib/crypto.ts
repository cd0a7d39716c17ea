import { createHash, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// OWASP ASVS 5 §11.4.2: argon2id with at least 46 MiB of memory.
const ARGON = { memoryCost: 47_104, timeCost: 1, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, ARGON);

export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (!stored) {
    // Spend the same time as a real check so that unknown accounts cannot be told apart.
    await hash(password, ARGON);
    return false;
  }
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

export const newToken = () => randomBytes(32).toString('base64url');
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
