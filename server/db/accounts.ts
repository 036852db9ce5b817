/**
 * Account creation, in one place: a new account and its membership of a company, inside the caller's transaction.
 * A company's New User and an administrator's create (server/api/users.ts, `createAccountFromForm`), the invitation
 * of an address without an account (server/api/invitations.ts) and the demo seed (seed/accounts.ts,
 * seed/account.ts) all make their accounts here; an existing account joins another company with `joinCompany`.
 */
import type { DB } from './database';

/** A new account's own fields: its address unverified unless said otherwise, a profile image only when given. */
export interface NewAccount {
  name: string;
  username: string;
  email: string;
  password_hash: string;
  phone_number?: string | null;
  function?: string | null;
  admin?: boolean;
  profile_image?: string | null;
  /** When the address was verified (the seed's accounts); null, unverified, for every other new account. */
  email_verified_at?: Date | null;
}

/** A company membership: the company and the role in it (none for an administrator's account). */
export interface Membership {
  companyId: number;
  roleId: number | null;
}

/** Makes an account a member of a company with its role. */
export async function joinCompany(trx: DB, userId: number, { companyId, roleId }: Membership): Promise<void> {
  await trx
    .insertInto('company_user')
    .values({ company_id: companyId, user_id: userId, role_id: roleId })
    .execute();
}

/** Creates an account as a member of a company and answers its id. */
export async function createAccount(trx: DB, account: NewAccount, membership: Membership): Promise<number> {
  const user = await trx
    .insertInto('users')
    .values({
      phone_number: null,
      function: null,
      profile_image: null,
      email_verified_at: null,
      ...account,
      deleted_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await joinCompany(trx, user.id, membership);
  return user.id;
}
