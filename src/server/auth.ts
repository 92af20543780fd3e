// Only an authenticated referee can change the match (DESIGN.md). The PIN is never stored: a salted
// scrypt hash of it is kept beside the match log, so a restart keeps the same PIN.
import { randomBytes, randomInt, scryptSync, timingSafeEqual } from 'node:crypto';

const KEY_LENGTH = 32;

/** `scrypt$<salt hex>$<hash hex>` */
export const hashPin = (pin: string, salt: Buffer = randomBytes(16)): string =>
  `scrypt$${salt.toString('hex')}$${scryptSync(pin, salt, KEY_LENGTH).toString('hex')}`;

export const verifyPin = (pin: string, stored: string): boolean => {
  const [scheme, saltHex, hashHex] = stored.split('$');
  if (scheme !== 'scrypt' || !saltHex || !hashHex) return false;
  const expected = Buffer.from(hashHex, 'hex');
  const actual = scryptSync(pin, Buffer.from(saltHex, 'hex'), expected.length);
  return expected.length === KEY_LENGTH && timingSafeEqual(expected, actual);
};

/** A fresh six-digit PIN, for a first start with none given. */
export const newPin = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');
