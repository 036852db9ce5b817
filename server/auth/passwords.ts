/**
 * Password hashing with node's scrypt, which runs on libuv's thread pool: hashing 200 logins at once does not stop
 * the event loop from serving other requests. Several hashes run at once (HASHING_SLOTS), in the order the
 * logins arrived (server/db/arrival-order.ts), and a login whose client gave up is not hashed at all: under a
 * burst of logins the work does not pile up behind retries. Hashes are stored as `$scrypt$N=…,r=…,p=…$salt$key`.
 * Hashes of the earlier bcrypt scheme (`$2a$`/`$2b$`/`$2y$`) still verify, and `needsRehash` tells the caller to
 * store a new scrypt hash after such a successful login.
 */
import { randomBytes, scrypt, type ScryptOptions, timingSafeEqual } from 'node:crypto';
import { availableParallelism } from 'node:os';
import bcrypt from 'bcryptjs';
import { ArrivalOrderGate } from '../db/arrival-order';

const COST = { N: 16_384, r: 8, p: 1 } as const;
const KEY_BYTES = 32;
const SALT_BYTES = 16;
const SCRYPT_HASH = /^\$scrypt\$N=(\d+),r=(\d+),p=(\d+)\$([A-Za-z0-9+/=]+)\$([A-Za-z0-9+/=]+)$/;
const BCRYPT_HASH = /^\$2[aby]\$\d{2}\$/;

/**
 * Hashes at once: the thread pool's threads but two (server/thread-pool.ts sizes it), at least as many as cores.
 * More than the cores on purpose: under load the event loop keeps a core busy, and each hashing thread gets its
 * share of the cores beside it, so a burst of logins is not starved by the requests that came after it.
 */
const HASHING_SLOTS = Math.max(availableParallelism(), Number(process.env.UV_THREADPOOL_SIZE ?? 4) - 2);
const hashing = new ArrivalOrderGate(HASHING_SLOTS);

async function deriveKey(
  password: string,
  salt: Buffer,
  bytes: number,
  options: ScryptOptions,
): Promise<Buffer> {
  const release = await hashing.acquire();
  try {
    return await scryptKey(password, salt, bytes, options);
  } finally {
    release();
  }
}

function scryptKey(password: string, salt: Buffer, bytes: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(
      password.normalize('NFKC'),
      salt,
      bytes,
      { ...options, maxmem: 256 * options.N! * options.r! },
      (error, key) => (error ? reject(error) : resolve(key)),
    ),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await deriveKey(password, salt, KEY_BYTES, COST);
  return `$scrypt$N=${COST.N},r=${COST.r},p=${COST.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export interface PasswordCheck {
  matches: boolean;
  /** The hash is of an older scheme or cost: store `hashPassword(password)` now that the password is known. */
  needsRehash: boolean;
}

export async function verifyPassword(password: string, hash: string): Promise<PasswordCheck> {
  const scryptHash = SCRYPT_HASH.exec(hash);
  if (scryptHash) {
    const [, N, r, p, salt, expected] = scryptHash;
    const options = { N: Number(N), r: Number(r), p: Number(p) };
    const expectedKey = Buffer.from(expected, 'base64');
    const key = await deriveKey(password, Buffer.from(salt, 'base64'), expectedKey.length, options);
    const matches = key.length === expectedKey.length && timingSafeEqual(key, expectedKey);
    const current = options.N === COST.N && options.r === COST.r && options.p === COST.p;
    return { matches, needsRehash: matches && !current };
  }
  if (BCRYPT_HASH.test(hash)) {
    const matches = await bcrypt.compare(password, hash);
    return { matches, needsRehash: matches };
  }
  return { matches: false, needsRehash: false };
}

let dummyHash: Promise<string> | null = null;

/** A hash to compare against when the identity is unknown, so a miss costs as much time as a wrong password. */
export function unknownUserHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return dummyHash;
}
