// Only an authenticated referee can change the match (docs/design.md). The PIN is never stored: a salted
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

export interface PinThrottleOptions {
  /** Wrong PINs a client may give in a row before it is locked out. Default 5. */
  readonly freeTries?: number;
  /** The first lock; each lock after it (another wrong PIN once it ends) is twice as long. Default 30 s. */
  readonly firstLockMs?: number;
  /** The longest lock. Default 15 min. */
  readonly maxLockMs?: number;
  /** A client not heard from for this long is forgotten, its count with it. Default 24 h. */
  readonly forgetAfterMs?: number;
  /** Clients remembered at most (the longest quiet are forgotten first). Default 10 000. */
  readonly maxClients?: number;
  /** The clock (ms). */
  readonly now?: () => number;
}

/** What a PIN check came to: `UNAUTHORIZED` a wrong PIN, `LOCKED_OUT` not checked at all. */
export type PinCheck =
  | { readonly ok: true }
  | { readonly ok: false; readonly code: 'UNAUTHORIZED'; readonly message: string }
  | {
      readonly ok: false;
      readonly code: 'LOCKED_OUT';
      readonly message: string;
      /** Seconds until the client may try again (HTTP Retry-After). */
      readonly retryAfterS: number;
    };

interface ClientTries {
  /** Wrong PINs in a row. */
  failures: number;
  /** Locks so far in this run of failures. */
  locks: number;
  lockedUntil: number;
  lastAt: number;
}

/**
 * Throttles PIN guessing per client (its remote address): after `freeTries` wrong PINs in a row every
 * try is refused unchecked — even the right PIN — for a lock that doubles with each wrong PIN given
 * after it ends (30 s, 60 s, … up to 15 min); the right PIN outside a lock clears the client's count.
 */
export class PinThrottle {
  private readonly clients = new Map<string, ClientTries>();
  private readonly freeTries: number;
  private readonly firstLockMs: number;
  private readonly maxLockMs: number;
  private readonly forgetAfterMs: number;
  private readonly maxClients: number;
  private readonly now: () => number;

  constructor(
    options: PinThrottleOptions = {},
    /** Told of each lock as it starts (to log it). */
    private readonly onLock?: (lock: { client: string; failures: number; lockMs: number }) => void,
  ) {
    this.freeTries = options.freeTries ?? 5;
    this.firstLockMs = options.firstLockMs ?? 30_000;
    this.maxLockMs = options.maxLockMs ?? 15 * 60_000;
    this.forgetAfterMs = options.forgetAfterMs ?? 24 * 3_600_000;
    this.maxClients = options.maxClients ?? 10_000;
    this.now = options.now ?? (() => Date.now());
  }

  /** Check `pin` for `client` with `verify`, unless the client is locked out. */
  check(client: string, pin: string, verify: (pin: string) => boolean): PinCheck {
    const t = this.now();
    const tries = this.entry(client, t);
    if (tries && t < tries.lockedUntil) {
      const retryAfterS = Math.max(1, Math.ceil((tries.lockedUntil - t) / 1000));
      return {
        ok: false,
        code: 'LOCKED_OUT',
        message: `too many wrong PINs from this address: try again in ${retryAfterS} s`,
        retryAfterS,
      };
    }
    if (verify(pin)) {
      this.clients.delete(client);
      return { ok: true };
    }
    const next = tries ?? { failures: 0, locks: 0, lockedUntil: 0, lastAt: t };
    next.failures += 1;
    next.lastAt = t;
    if (next.failures >= this.freeTries) {
      const lockMs = Math.min(this.maxLockMs, this.firstLockMs * 2 ** Math.min(next.locks, 30));
      next.locks += 1;
      next.lockedUntil = t + lockMs;
      this.onLock?.({ client, failures: next.failures, lockMs });
    }
    this.remember(client, next);
    return { ok: false, code: 'UNAUTHORIZED', message: 'wrong PIN' };
  }

  /** Forget one client's count and lock, or every client's. */
  reset(client?: string): void {
    if (client === undefined) this.clients.clear();
    else this.clients.delete(client);
  }

  /** The client's tries, unless it has been quiet long enough to be forgotten. */
  private entry(client: string, t: number): ClientTries | undefined {
    const tries = this.clients.get(client);
    if (tries && t - Math.max(tries.lastAt, tries.lockedUntil) > this.forgetAfterMs) {
      this.clients.delete(client);
      return undefined;
    }
    return tries;
  }

  private remember(client: string, tries: ClientTries): void {
    this.clients.delete(client); // re-inserted last: the Map's order is from the longest quiet
    this.clients.set(client, tries);
    while (this.clients.size > this.maxClients) {
      const oldest = this.clients.keys().next();
      if (oldest.done) break;
      this.clients.delete(oldest.value);
    }
  }
}
