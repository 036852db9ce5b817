/**
 * Password hashing with argon2id (`@node-rs/argon2`, RustCrypto's argon2 behind napi-rs), at one of OWASP's
 * minimum configurations: 7 MiB of memory, five passes, one lane. Hashes are PHC strings,
 * `$argon2id$v=19$m=7168,t=5,p=1$salt$hash`.
 * The library's async calls are napi async work, which runs on libuv's thread pool (not on threads of its own:
 * with UV_THREADPOOL_SIZE=1 its hashes run one after another and a file read waits behind them), so hashing 200
 * logins at once does not stop the event loop from serving other requests. A few hashes run at once
 * (HASHING_SLOTS), in the order the logins arrived (server/db/arrival-order.ts), and a login whose client gave up
 * is not hashed at all: under a burst of logins the work does not pile up behind retries.
 * Hashes of the earlier schemes still verify: scrypt (`$scrypt$N=…,r=…,p=…$salt$key`) and bcrypt
 * (`$2a$`/`$2b$`/`$2y$`); after such a successful login, or one with an argon2 hash weaker than the current
 * parameters or of another of OWASP's equal configurations, `needsRehash` tells the caller to store a new hash.
 */
import { randomBytes, scrypt, type ScryptOptions, timingSafeEqual } from 'node:crypto';
import { availableParallelism } from 'node:os';
import {
  type Algorithm,
  hash as argon2Hash,
  parseOptions,
  verify as argon2Verify,
  type Version,
} from '@node-rs/argon2';
import bcrypt from 'bcryptjs';
import { ArrivalOrderGate } from '../db/arrival-order';

// The package's enums are ambient `const enum`s, empty objects at run time: their values, written out.
const ARGON2ID = 2 as Algorithm;
const VERSION_0x13 = 1 as Version;

/**
 * OWASP's Password Storage Cheat Sheet gives five argon2id configurations of equal defence, from 46 MiB and one
 * pass to 7 MiB and five passes (each about 36 to 46 MiB·passes of work); this is the last. Two hashes at once,
 * each 7 MiB, stay in this machine's cache (32 MiB of L3): a hash took 6 to 9 ms of a core two at a time, against
 * 13 to 15 ms at 19 MiB and two passes (200 verifications each, alternating), so a burst of logins is hashed in
 * about half the time.
 */
export const ARGON2_COST = {
  memoryCost: 7_168,
  timeCost: 5,
  parallelism: 1,
  outputLen: 32,
} as const;
const MIN_SALT_BYTES = 16;
/** The most work (memory in KiB × passes) of OWASP's equal configurations: 46 MiB and one pass. */
const OWASP_EQUAL_WORK_MOST = 47_104;

const ARGON2_HASH = /^\$argon2(?:id|i|d)\$/;
const SCRYPT_HASH = /^\$scrypt\$N=(\d+),r=(\d+),p=(\d+)\$([A-Za-z0-9+/=]+)\$([A-Za-z0-9+/=]+)$/;
const BCRYPT_HASH = /^\$2[aby]\$\d{2}\$/;

/**
 * Hashes at once: as many as there are cores, and two of the thread pool's threads always left for the file
 * system (server/thread-pool.ts sizes the pool). An argon2id hash takes 6 to 9 ms of a core here two at a time
 * (scrypt took about 26 ms), so 200 logins are about 0.6 to 0.9 s of hashing: with one hash per core the burst is
 * over in about as long, and the event loop, which the signed-in users need at the same moment, keeps most of a
 * core. More threads than cores shorten the burst only by taking the cores' time from the event loop: in a test on
 * two cores with a busy event loop, 200 hashes (of 19 MiB and two passes) took 1.6 s two at a time, the loop
 * running at 80 % of its speed; six at a time (as with scrypt) took 1.2 s, the loop running at 30 %. Each running
 * hash also holds its 7 MiB.
 */
const HASHING_SLOTS = Math.max(
  1,
  Math.min(availableParallelism(), (Number(process.env.UV_THREADPOOL_SIZE) || 4) - 2),
);
const hashing = new ArrivalOrderGate(HASHING_SLOTS);

/** The gate every hash passes: a login burst longer than the machine can hash soon sheds logins (http/overload.ts). */
export const passwordHashingGate = hashing;

/**
 * Times one hash of a throwaway password, once per process, so the hashing gate knows what a hash costs on this
 * machine before the first burst of logins arrives (server/app.ts calls it at start).
 */
export async function measureHashingCost(): Promise<void> {
  if (hashingCostMeasured) return;
  hashingCostMeasured = true;
  const started = performance.now();
  await argon2Hash(randomBytes(MIN_SALT_BYTES).toString('hex'), { ...ARGON2_COST, algorithm: ARGON2ID });
  hashing.measuredHold(performance.now() - started);
}
let hashingCostMeasured = false;

/** Runs `work` in a hashing slot, once the caller's turn has come (refused if its client gave up meanwhile). */
async function inHashingSlot<T>(work: () => Promise<T>): Promise<T> {
  const release = await hashing.acquire();
  try {
    return await work();
  } finally {
    release();
  }
}

/** Unicode normalization (NIST SP 800-63B): the same password typed on another keyboard or system matches. */
const normalized = (password: string) => password.normalize('NFKC');

export function hashPassword(password: string): Promise<string> {
  return inHashingSlot(() => argon2Hash(normalized(password), { ...ARGON2_COST, algorithm: ARGON2ID }));
}

export interface PasswordCheck {
  matches: boolean;
  /** The hash is of an older scheme or cost: store `hashPassword(password)` now that the password is known. */
  needsRehash: boolean;
}

const NO_MATCH: PasswordCheck = { matches: false, needsRehash: false };

export async function verifyPassword(password: string, hash: string): Promise<PasswordCheck> {
  if (ARGON2_HASH.test(hash)) {
    let options;
    try {
      options = parseOptions(hash);
    } catch {
      return NO_MATCH;
    }
    const matches = await inHashingSlot(() => argon2Verify(hash, normalized(password)));
    // Kept: the current parameters or more, or more work than any of OWASP's equal configurations with at least
    // the current memory (a deliberately stronger hash). Replaced: weaker ones, and OWASP's other configurations,
    // as strong as this one but slower to verify here.
    const current =
      options.algorithm === ARGON2ID &&
      options.version === VERSION_0x13 &&
      options.memoryCost >= ARGON2_COST.memoryCost &&
      (options.timeCost >= ARGON2_COST.timeCost ||
        options.memoryCost * options.timeCost > OWASP_EQUAL_WORK_MOST) &&
      options.outputLen >= ARGON2_COST.outputLen &&
      options.saltLen >= MIN_SALT_BYTES;
    return { matches, needsRehash: matches && !current };
  }
  const scryptHash = SCRYPT_HASH.exec(hash);
  if (scryptHash) {
    const [, N, r, p, salt, expected] = scryptHash;
    const options = { N: Number(N), r: Number(r), p: Number(p) };
    const expectedKey = Buffer.from(expected, 'base64');
    const key = await inHashingSlot(() =>
      scryptKey(normalized(password), Buffer.from(salt, 'base64'), expectedKey.length, options),
    );
    const matches = key.length === expectedKey.length && timingSafeEqual(key, expectedKey);
    return { matches, needsRehash: matches };
  }
  if (BCRYPT_HASH.test(hash)) {
    // bcryptjs hashes on the event loop (in slices): rare by now, and through the same slots all the same.
    const matches = await inHashingSlot(() => bcrypt.compare(password, hash));
    return { matches, needsRehash: matches };
  }
  return NO_MATCH;
}

function scryptKey(password: string, salt: Buffer, bytes: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password, salt, bytes, { ...options, maxmem: 256 * options.N! * options.r! }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

let dummyHash: Promise<string> | null = null;

/**
 * A hash of the current scheme to compare against when the identity is unknown, so a miss costs as much time as a
 * wrong password. Made by the first such login; should that login's client give up before it is made, the next
 * one makes it (a refused attempt is not kept).
 */
export function unknownUserHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex')).catch((error: unknown) => {
    dummyHash = null;
    throw error;
  });
  return dummyHash;
}
