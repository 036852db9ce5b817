/**
 * My account and company profile (issue 18): Umbrella Studio, a company of its own for the account screens'
 * tests and demos (its colours, logo and passwords change there without touching what other areas rely on),
 * with erin and frank (Managers, password `password`), a project with finished models for the demo-model
 * picker, alice's recent activity in Acme, and one of alice's notification settings switched off.
 */
import { ABILITIES } from '../../../shared/abilities';
import { message, type MessageParams, type StoredMessage } from '../../../shared/messages';
import { notificationTypeOf } from '../../../shared/notification-types';
import { hashPassword } from '../../auth/passwords';
import { createAccount } from '../../db/accounts';
import type { DB } from '../../db/database';
import { DEMO_PASSWORD } from './accounts';
import { daysAgo } from '../time';
import { defineSeedArea } from '../seed-area';

const companyIdOf = async (db: DB, subDomain: string) =>
  (
    await db
      .selectFrom('companies')
      .select('id')
      .where('sub_domain', '=', subDomain)
      .executeTakeFirstOrThrow()
  ).id;
const userIdOf = async (db: DB, username: string) =>
  (await db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;

export async function seedAccount(db: DB): Promise<void> {
  const company = await db
    .insertInto('companies')
    .values({
      name: 'Umbrella Studio',
      sub_domain: 'umbrella',
      domain: 'umbrella.portal.test',
      fqdn: 'umbrella.portal.test',
      database: 'tenant_umbrella',
      primary_color: '#8b2252',
      primary_accent: '#d26a9a80',
      colors_is_default: false,
      description: 'Umbrella Studio demo company',
      address: 'Keizersgracht 12',
      postal_code: '1015 CS',
      country: 'Netherlands',
      city: 'Amsterdam',
      phone_number: '+31 20 123 4567',
      website: 'https://umbrella.example',
      autodesk_integration: 'yes',
      logo: null,
      background_image: null,
      demo_model_id: null,
      deleted_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('company_licences')
    .values([
      { company_id: company.id, licence: 'design_and_sales', bought: 4 },
      { company_id: company.id, licence: 'hatch', bought: 2 },
    ])
    .execute();
  const role = await db
    .insertInto('roles')
    .values({
      company_id: company.id,
      title: 'Manager',
      description: 'Manages everything in the company',
      deleted_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('role_abilities')
    .values(ABILITIES.map((ability) => ({ role_id: role.id, ability })))
    .execute();
  const group = await db
    .insertInto('groups')
    .values({
      company_id: company.id,
      name: 'Studio team',
      description: 'Everyone at the studio',
      role_id: role.id,
      deleted_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const people = [
    { name: 'Erin Umbrella', username: 'erin', email: 'erin@umbrella.test', function: 'Studio lead' },
    { name: 'Frank Umbrella', username: 'frank', email: 'frank@umbrella.test', function: 'Designer' },
  ];
  let erinId = 0;
  for (const person of people) {
    const userId = await createAccount(
      db,
      { ...person, password_hash: passwordHash, email_verified_at: daysAgo(40) },
      { companyId: company.id, roleId: role.id },
    );
    erinId ||= userId;
    await db.insertInto('group_user').values({ group_id: group.id, user_id: userId }).execute();
    await db
      .insertInto('user_licences')
      .values(
        ['design_and_sales', 'hatch'].map((licence) => ({
          company_id: company.id,
          user_id: userId,
          licence,
        })),
      )
      .execute();
  }

  const project = await db
    .insertInto('projects')
    .values({
      company_id: company.id,
      parent_id: null,
      name: 'Umbrella Showroom',
      description: null,
      preview_image: null,
      deleted_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const models = ['Showroom Hall', 'Showroom Lobby', 'Showroom Terrace'].map((name, index) => ({
    company_id: company.id,
    project_id: project.id,
    name,
    description: null,
    status: index < 2 ? ('FINISHED' as const) : ('PROCESSING' as const),
    preview_image_url: null,
    started_at: daysAgo(5),
    finished_at: index < 2 ? daysAgo(5) : null,
    uploader_id: erinId,
    deleted_at: null,
  }));
  await db.insertInto('project_models').values(models).execute();

  const acme = await companyIdOf(db, 'acme');
  const alice = await userIdOf(db, 'alice');
  // Each with the stored message the recorder writes (issue 31: the log names what changed, never '#3').
  const said = (key: string, params: MessageParams = {}) =>
    message(`account:activity.messages.${key}`, params);
  const activity: Array<{ action: string; subject: string | null; days: number; said?: StoredMessage }> = [
    { action: 'signed_in', subject: null, days: 6 },
    {
      action: 'created',
      subject: 'projects',
      days: 6,
      said: said('created', { context: 'project', name: 'Harbour Tower' }),
    },
    {
      action: 'updated',
      subject: 'projects/1',
      days: 5,
      said: said('updated', { context: 'project', name: 'Harbour Tower' }),
    },
    {
      action: 'created',
      subject: 'labels',
      days: 4,
      said: said('created', { context: 'label', name: 'Client review' }),
    },
    {
      action: 'deleted',
      subject: 'labels/3',
      days: 4,
      said: said('deleted', { context: 'label', name: 'Draft' }),
    },
    { action: 'signed_in', subject: null, days: 2 },
    { action: 'updated', subject: 'my-account', days: 2, said: said('profileUpdated') },
  ];
  await db
    .insertInto('user_activities')
    .values(
      activity.map((entry) => ({
        company_id: acme,
        user_id: alice,
        action: entry.action,
        subject: entry.subject,
        ...(entry.said && {
          message_key: entry.said.key,
          message_params: JSON.stringify(entry.said.params),
        }),
        created_at: daysAgo(entry.days),
      })),
    )
    .execute();
  await db
    .insertInto('user_notification_settings')
    .values({
      company_id: acme,
      user_id: alice,
      notification_type_id: notificationTypeOf('processingFailed').id,
      email: false,
      browser: true,
    })
    .execute();
}

export default defineSeedArea({ order: 100, run: seedAccount });
