/**
 * Password hashes: argon2id of OWASP's minimum parameters (7 MiB, five passes); scrypt, bcrypt, weaker argon2
 * hashes and those of OWASP's other equal configurations verify and ask for a new hash; hashing waits its turn and
 * is refused once the client gave up. The login route storing the new hash is in auth.test.ts.
 */
import { describe, expect, it, vi } from 'vitest';
import { hashPassword, verifyPassword } from '../../server/auth/passwords';
import { asNewArrival } from '../../server/db/arrival-order';

/** Hashes of "password" of the earlier schemes and costs, as databases hold them. */
const OLD = {
  bcrypt: '$2b$10$uqe6pUbwTh7C2T2Sri/kQuIwZlgCOo9hlKotr5xsKGeb5W2sv4GBa',
  scrypt: '$scrypt$N=16384,r=8,p=1$tdr6ZtTjFFYkexhPLOXTUg==$Nmtr8GfjVPFg6elV+0l1JvSYC3Fnl1jytPpHEfw1hIg=',
  'weaker argon2id':
    '$argon2id$v=19$m=4096,t=1,p=1$FzWvl8MtbWPkmPQue3lgqg$DdveKTcD/Ftn3wblp3IoHKyCr2KE+WB+m7RA5vPxH6g',
  argon2i: '$argon2i$v=19$m=19456,t=2,p=1$TUOCUhqufl9I0tGbhbnTOA$fsPhpGjYOSes1kQXEtjNJdwq1x2XLFbLwtTmHTpOy7I',
  // OWASP's 19 MiB, two passes: as strong as the current parameters, slower to verify here.
  'argon2id of 19 MiB and two passes':
    '$argon2id$v=19$m=19456,t=2,p=1$4TpcY/rJMyYopciutWPDEg$L0CVbEcuyLgaacfrXf73i+9H8xY65riAr0l8RHOF4SQ',
};
const STRONGER_ARGON2ID =
  '$argon2id$v=19$m=65536,t=3,p=1$RV/9voBU/czSrMyUWE6OCg$QCaM3TQFiCGB00hQBJC93tz+zH7ED77lma8LTxQDy5g';
const CURRENT = /^\$argon2id\$v=19\$m=7168,t=5,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/;

const abandoned = () => {
  const gone = new AbortController();
  gone.abort();
  return gone.signal;
};

describe('hashPassword', () => {
  it('makes argon2id hashes of 7 MiB, five passes and one lane, salted', async () => {
    const [first, second] = await Promise.all([hashPassword('password'), hashPassword('password')]);
    expect(first).toMatch(CURRENT);
    expect(second).toMatch(CURRENT);
    expect(first).not.toBe(second);
  });

  it('hashes the password’s NFKC form: composed and decomposed letters match', async () => {
    const hash = await hashPassword('caf\u00e9 passw\u00f6rd');
    expect(await verifyPassword('cafe\u0301 passwo\u0308rd', hash)).toEqual({
      matches: true,
      needsRehash: false,
    });
  });
});

describe('verifyPassword', () => {
  it('matches a current hash without asking for a new one, and refuses a wrong password', async () => {
    const hash = await hashPassword('password');
    expect(await verifyPassword('password', hash)).toEqual({ matches: true, needsRehash: false });
    expect(await verifyPassword('Password', hash)).toEqual({ matches: false, needsRehash: false });
  });

  it.each(Object.entries(OLD))('matches the %s hash and asks for a new one', async (_scheme, hash) => {
    expect(await verifyPassword('password', hash)).toEqual({ matches: true, needsRehash: true });
  });

  it.each(Object.entries(OLD))(
    'refuses a wrong password against the %s hash, without asking for a new one',
    async (_scheme, hash) => {
      expect(await verifyPassword('wrong', hash)).toEqual({ matches: false, needsRehash: false });
    },
  );

  it('keeps an argon2id hash of stronger parameters', async () => {
    expect(await verifyPassword('password', STRONGER_ARGON2ID)).toEqual({
      matches: true,
      needsRehash: false,
    });
  });

  it('matches nothing against a hash it cannot read', async () => {
    for (const hash of [
      '',
      'unused',
      '$argon2id$v=19$m=19456,t=2,p=1$bad',
      '$scrypt$N=1$x',
      '$2b$10$short',
    ]) {
      expect(await verifyPassword('password', hash)).toEqual({ matches: false, needsRehash: false });
    }
  });

  it('does not hash for a login whose client gave up before its turn', async () => {
    await expect(
      asNewArrival(() => verifyPassword('password', OLD.scrypt), abandoned()),
    ).rejects.toMatchObject({ statusCode: 499 });
    await expect(asNewArrival(() => hashPassword('password'), abandoned())).rejects.toMatchObject({
      statusCode: 499,
    });
  });
});

describe('unknownUserHash', () => {
  it('is a current hash, made once, and made again by the next login when the first one’s client gave up', async () => {
    // A server started afresh, which has not made it yet: the modules of a worker that ran other files have.
    vi.resetModules();
    const { unknownUserHash } = await import('../../server/auth/passwords');
    const { asNewArrival: asNewArrivalAfresh } = await import('../../server/db/arrival-order');
    await expect(asNewArrivalAfresh(() => unknownUserHash(), abandoned())).rejects.toMatchObject({
      statusCode: 499,
    });
    const hash = await unknownUserHash();
    expect(hash).toMatch(CURRENT);
    expect(await unknownUserHash()).toBe(hash);
    expect(await verifyPassword('password', hash)).toEqual({ matches: false, needsRehash: false });
  });
});
