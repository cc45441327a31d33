/**
 * Webhook secrets at rest: AES-256-GCM under the station key, which lives outside the
 * database (SHIPPING_STATION_SECRET_KEY, else a key file in the desk's data folder;
 * main/station-key.ts). A secret must be readable to sign, so it cannot be a hash.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const PREFIX = 'enc:v1:';

export class SecretBox {
  private readonly key: Buffer;
  /** Any text or bytes; hashed to the 32 bytes AES-256 takes. */
  constructor(key: string | Buffer) {
    this.key = createHash('sha256').update(key).digest();
  }

  /** The key's fingerprint, to tell in an error which key a desk holds (never the key). */
  get fingerprint(): string {
    return createHash('sha256').update(this.key).digest('hex').slice(0, 8);
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return `${PREFIX}${this.fingerprint}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
  }

  /** The plain secret; a value written before encryption is returned as it is. Throws if this key did not seal it. */
  open(stored: string): string {
    if (!stored.startsWith(PREFIX)) return stored;
    const [fingerprint, data] = stored.slice(PREFIX.length).split(':') as [string, string];
    if (fingerprint !== this.fingerprint)
      throw new Error(
        `this desk's station key (${this.fingerprint}) is not the one that encrypted the webhook's secret (${fingerprint}): give every desk the same SHIPPING_STATION_SECRET_KEY`,
      );
    const raw = Buffer.from(data, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  }

  isSealed(stored: string): boolean {
    return stored.startsWith(PREFIX);
  }
}
