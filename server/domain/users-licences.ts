/**
 * Licence seats (spec 2 §3, §5; issue 14): a member's licences in the company, never more seats used than bought.
 * Each newly assigned licence locks its `company_licences` row (`select … for update`) before counting the seats
 * in use, so two concurrent assignments of the last seat run one after the other and the second finds none left.
 * Converter & Optimizer (hatch) needs Design & Sales.
 */
import { sql } from 'kysely';
import type { LicenceKey } from '../../shared/platforms';
import type { DB } from '../db/database';
import { ValidationError } from '../errors/http-errors';
import { licenceName } from '../http/messages';

// The licences' names are the portal's (`common:licences.*`, one name per licence key; issue 31).
export const noSeatsLeft = (licence: LicenceKey) =>
  `No ${licenceName(licence)} licenses are available: every bought license is in use.`;
export const HATCH_NEEDS_DESIGN = `${licenceName('hatch')} can only be assigned together with ${licenceName('design_and_sales')}.`;

/** Sets the member's licences to `wanted`; call inside a transaction (it locks the seats it assigns). */
export async function assignLicences(
  trx: DB,
  companyId: number,
  userId: number,
  wanted: readonly LicenceKey[],
): Promise<boolean> {
  const keys = [...new Set(wanted)];
  if (keys.includes('hatch') && !keys.includes('design_and_sales')) {
    throw new ValidationError({ licenses: [HATCH_NEEDS_DESIGN] });
  }
  const current = (
    await trx
      .selectFrom('user_licences')
      .select('licence')
      .where('company_id', '=', companyId)
      .where('user_id', '=', userId)
      .execute()
  ).map((row) => row.licence);
  const removed = current.filter((key) => !keys.includes(key as LicenceKey));
  const added = keys.filter((key) => !current.includes(key)).sort();
  if (removed.length) {
    await trx
      .deleteFrom('user_licences')
      .where('company_id', '=', companyId)
      .where('user_id', '=', userId)
      .where('licence', 'in', removed)
      .execute();
  }
  for (const licence of added) {
    // Lock first, count after: the count's statement sees every assignment committed before the lock was granted.
    const seats = await trx
      .selectFrom('company_licences')
      .select('bought')
      .where('company_id', '=', companyId)
      .where('licence', '=', licence)
      .forUpdate()
      .executeTakeFirst();
    const { rows } = await sql<{ used: number }>`
      select count(*)::int as used from user_licences ul
      join company_user cu on cu.user_id = ul.user_id and cu.company_id = ul.company_id
      join users u on u.id = ul.user_id and u.deleted_at is null
      where ul.company_id = ${companyId} and ul.licence = ${licence}
    `.execute(trx);
    if (!seats || Number(rows[0].used) >= seats.bought) {
      throw new ValidationError({ licenses: [noSeatsLeft(licence)] });
    }
    await trx
      .insertInto('user_licences')
      .values({ company_id: companyId, user_id: userId, licence })
      .execute();
  }
  return removed.length > 0 || added.length > 0;
}
