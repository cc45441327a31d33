/**
 * Password hashing with scrypt at N=2^14, r=8, p=5: one of OWASP's equally strong
 * settings (its list runs from N=2^17, r=8, p=1 down to N=2^13, r=8, p=10). It needs
 * 16 MiB per hash rather than 128 MiB, which was the station's peak memory at every
 * sign-in, four times over when four ran at once on libuv's pool.
 * The parameters are stored with each hash: older hashes still verify, and are redone
 * at the next successful sign-in (needsRehash). Hashing runs on libuv's thread pool.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const PARAMS = { logN: 14, r: 8, p: 5 };
const KEY_LENGTH = 32;

function scryptAsync(password: string, salt: Buffer, opts: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH, opts, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

const options = (logN: number, r: number, p: number): ScryptOptions => ({
  N: 2 ** logN,
  r,
  p,
  // scrypt needs 128·N·r bytes; hashes made with N=2^17 (128 MiB) must still verify.
  maxmem: 256 * 1024 * 1024,
});

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, options(PARAMS.logN, PARAMS.r, PARAMS.p));
  return ['scrypt', PARAMS.logN, PARAMS.r, PARAMS.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, logN, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !logN || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await scryptAsync(password, Buffer.from(salt, 'base64'), options(+logN, +r, +p));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** True when `stored` was made with other parameters than new hashes get. */
export function needsRehash(stored: string): boolean {
  const [scheme, logN, r, p] = stored.split('$');
  return scheme !== 'scrypt' || +(logN ?? 0) !== PARAMS.logN || +(r ?? 0) !== PARAMS.r || +(p ?? 0) !== PARAMS.p;
}

/** Spent on unknown users so that a wrong name and a wrong password take as long. */
let dummyHash: Promise<string> | undefined;
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('not a real password');
  await verifyPassword(password, await dummyHash);
}

export const MIN_PASSWORD_LENGTH = 10;
export function passwordProblem(password: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) return `Password must be at least ${MIN_PASSWORD_LENGTH} characters`;
  return null;
}

export function generatePassword(): string {
  return randomBytes(18).toString('base64url');
}
