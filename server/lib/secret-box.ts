import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { AppError } from './errors.js';

/**
 * Secrets kept in the database (2FA seeds) are sealed with AES-256-GCM when a key is configured
 * (TOTP_ENCRYPTION_KEY, any string of 16+ characters; the AES key is its SHA-256). Without a key they are
 * stored as `plain:<secret>`; a sealed value is `v1:<iv>:<tag>:<ciphertext>` (base64url). A plain value
 * still opens after a key is set, so turning encryption on later needs no migration.
 */
export class SecretBox {
  private readonly key: Buffer | null;

  constructor(key?: string) {
    this.key = key ? createHash('sha256').update(key).digest() : null;
  }

  get encrypts() {
    return this.key !== null;
  }

  seal(secret: string): string {
    if (!this.key) return `plain:${secret}`;
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join(
      ':',
    );
  }

  open(stored: string): string {
    if (stored.startsWith('plain:')) return stored.slice('plain:'.length);
    const [version, iv, tag, data] = stored.split(':');
    if (version !== 'v1' || !iv || !tag || data === undefined) throw unreadable();
    if (!this.key) throw new AppError(503, 'totp_key_missing');
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      throw unreadable();
    }
  }
}

const unreadable = () => new AppError(503, 'totp_key_mismatch');
