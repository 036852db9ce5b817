/**
 * My account (spec 2 §My account, §3, §5, §7, §8; issue 18): the signed-in user's profile in this company with
 * their role, groups and notification settings (`GET /my-account`), the profile save with the notification
 * settings and the password change (`POST /my-account` with `_method=PATCH`, multipart with the profile image),
 * the activity list, and the footer's actions: send a reset link, restore the default settings, leave the
 * company, delete the account. Autodesk is in `autodesk.ts`, the activity recorder in
 * `server/domain/activity-recorder.ts`.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Selectable } from 'kysely';
import {
  ActivityEntrySchema,
  MyAccountInputSchema,
  MyAccountSchema,
  type PasswordUpdateStatus,
  PASSWORD_UPDATE_STATUSES,
} from '../../shared/entities/my-account';
import { message } from '../../shared/messages';
import { CONFIGURABLE_NOTIFICATION_TYPES } from '../../shared/notification-types';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { authenticate, revokeAllTokens, type Session } from '../auth/session';
import type { DB } from '../db/database';
import type { UserActivitiesTable } from '../db/schema';
import { type FieldErrors, HttpError, ValidationError } from '../errors/http-errors';
import type { RegistrableEntity } from '../http/crud/declared-entity';
import { guard, guarded } from '../http/guarded-route';
import { type Language, requestLanguage } from '../http/language';
import { listQueryProperties } from '../http/list-query';
import { renderMessage } from '../http/messages';
import { type ListSpec, listEndpoint } from '../http/listing';
import { FORM_CONTENT_TYPES } from '../http/request-input';
import { DataSchema, ListResponseSchema, PaginatedSchema } from '../http/responses';
import { FileField, Flag, iso, MessageSchema, Nullable, StringEnum, toBoolean } from '../http/schema-types';
import { acceptUpload, storeUpload } from '../http/multipart-files';
import { IMAGE_RULES } from '../uploads/image-uploads';
import {
  type ActivityCollections,
  declaredActivityCollections,
  type RouteActivityAt,
  storedActivityMessage,
} from '../domain/activity-messages';
import { recordActivity } from '../domain/activity-recorder';
import { requiredField } from '../http/field-checks';
import { fileUrl } from '../http/stored-files';
import { adminFlag, NO_COMPANY_FIELDS, userCompanyFields } from '../auth/user-fields';
import {
  announceNotifications,
  deliverNotification,
  notificationSettingsOf,
} from '../realtime/notifications-delivery';
import { RESET_LINK_SENT, sendResetLink } from './password-reset';
import {
  nextProfileImage,
  PROFILE_IMAGE_FOLDER,
  submittedProfileImage,
  writeProfileImage,
} from '../domain/profile-images';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const SettingInput = Type.Object({
  notification_type_id: Type.Optional(Nullable(Type.Integer())),
  email: Type.Optional(Nullable(Flag)),
  browser: Type.Optional(Nullable(Flag)),
});

const { profile_image: _image, ...profileFields } = MyAccountInputSchema.properties;
const UpdateBody = Type.Object({
  ...Type.Partial(Type.Object(profileFields)).properties,
  // Its format is checked with the other fields' rules, so one 422 names every problem.
  email: Type.Optional(Type.String({ maxLength: profileFields.email.maxLength })),
  profile_image: Type.Optional(Nullable(FileField)),
  notification_settings: Type.Optional(Nullable(Type.Record(Type.String(), SettingInput))),
  current_password: Type.Optional(Nullable(Type.String({ maxLength: 255 }))),
  new_password: Type.Optional(Nullable(Type.String({ maxLength: 255 }))),
  new_password_confirmation: Type.Optional(Nullable(Type.String({ maxLength: 255 }))),
  logout_all_devices: Type.Optional(Nullable(Flag)),
});
type UpdateInput = typeof UpdateBody.static;

const AccountQuery = Type.Object({ excluded_fields: listQueryProperties.excluded_fields });

/**
 * The notification types of the one catalogue with how the user receives them in this company: their own choice,
 * else their roles' (server/realtime/notifications-delivery.ts).
 */
async function notificationSettings(db: DB, companyId: number, userId: number) {
  return (await notificationSettingsOf(db, companyId, userId)).map(({ type, email, browser }) => ({
    notification_type_id: type.id,
    notification_type_key: type.key,
    notification_type_title: type.title,
    category: type.category,
    email: email ? 1 : 0,
    browser: browser ? 1 : 0,
  }));
}

async function presentAccount(request: FastifyRequest, session: Session, excluded: Set<string>) {
  const { db } = request.server.ctx;
  const companyId = session.company.id;
  const userId = session.user.id;
  // Spec 2 §3's User: the project count and abilities in the company, unless excluded (`users.abilities`).
  const companyFieldNames = ['project_count', 'abilities'].filter((field) => !excluded.has(field));
  const [user, groups, settings, companyFields] = await Promise.all([
    db
      .selectFrom('users')
      .leftJoin('company_user', (join) =>
        join.onRef('company_user.user_id', '=', 'users.id').on('company_user.company_id', '=', companyId),
      )
      .leftJoin('roles', (join) =>
        join.onRef('roles.id', '=', 'company_user.role_id').on('roles.deleted_at', 'is', null),
      )
      .selectAll('users')
      .select(['roles.id as role_id', 'roles.title as role_title'])
      .where('users.id', '=', userId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('group_user')
      .innerJoin('groups', 'groups.id', 'group_user.group_id')
      .select(['groups.id', 'groups.name'])
      .where('group_user.user_id', '=', userId)
      .where('groups.company_id', '=', companyId)
      .where('groups.deleted_at', 'is', null)
      .orderBy('groups.name')
      .execute(),
    excluded.has('notification_settings') ? null : notificationSettings(db, companyId, userId),
    userCompanyFields(db, companyId, [userId], new Set(companyFieldNames)),
  ]);
  const own = companyFields.get(userId) ?? NO_COMPANY_FIELDS;
  return {
    id: user.id,
    name: user.name,
    username: user.username,
    email: user.email,
    phone_number: user.phone_number,
    function: user.function,
    admin: adminFlag(user.admin),
    ...(excluded.has('project_count') ? {} : { project_count: own.project_count }),
    ...(excluded.has('abilities') ? {} : { abilities: own.abilities }),
    role:
      user.role_id !== null && user.role_title !== null ? { id: user.role_id, title: user.role_title } : null,
    groups,
    licenses: session.user.licenses,
    profile_image: fileUrl(request, user.profile_image),
    email_verified_at: iso(user.email_verified_at),
    ...(settings ? { notification_settings: settings } : {}),
    autodesk_connected: user.autodesk_connected,
    autodesk_scope_outdated: user.autodesk_scope_outdated,
    created_at: iso(user.created_at)!,
    updated_at: iso(user.updated_at)!,
  };
}

/** `excluded_fields[]=users.settings,users.abilities` (with or without the `users.` prefix). */
function excludedFields(value: string | string[] | undefined): Set<string> {
  const names = (Array.isArray(value) ? value : value ? [value] : []).flatMap((entry) => entry.split(','));
  return new Set(names.map((name) => name.trim().replace(/^users\./, '')));
}

/** Username and email are unique among all accounts (case-insensitively). */
async function uniqueErrors(db: DB, userId: number, body: UpdateInput): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  for (const field of ['username', 'email'] as const) {
    const value = body[field];
    if (!value) continue;
    const taken = await db
      .selectFrom('users')
      .select('id')
      .where((eb) => eb(eb.fn('lower', [field]), '=', value.toLowerCase()))
      .where('id', '!=', userId)
      .executeTakeFirst();
    if (taken) errors[field] = [`The ${field} has already been taken.`];
  }
  return errors;
}

/** The check's answer, or null with its 422 field errors added to `errors` (so one 422 names every problem). */
async function fieldErrorsOf<T>(errors: FieldErrors, check: Promise<T>): Promise<T | null> {
  try {
    return await check;
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    Object.assign(errors, error.errors);
    return null;
  }
}

const wantsPasswordChange = (body: UpdateInput) =>
  [body.current_password, body.new_password, body.new_password_confirmation].some(
    (value) => typeof value === 'string' && value !== '',
  );

/**
 * The password change rules (spec 2 §5): the current password is required and must match, the new one is
 * required, at least 8 characters, different from the current one and confirmed.
 */
async function passwordErrors(db: DB, userId: number, body: UpdateInput): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  const { current_password: current, new_password: next, new_password_confirmation: confirmation } = body;
  if (!current) add('current_password', requiredField('current_password'));
  else {
    const { password_hash: hash } = await db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    if (!(await verifyPassword(current, hash)).matches) add('current_password', 'The password is incorrect.');
  }
  if (!next) add('new_password', requiredField('new_password'));
  else {
    if (next.length < 8) add('new_password', 'The new password field must be at least 8 characters.');
    if (current && next === current)
      add('new_password', 'The new password field and current password must be different.');
    if (next !== confirmation)
      add('new_password_confirmation', 'The new password field confirmation does not match.');
  }
  return errors;
}

/** Writes the submitted settings (`notification_settings[{typeId}][email|browser]`) of known types. */
async function saveSettings(
  db: DB,
  session: Session,
  settings: NonNullable<UpdateInput['notification_settings']>,
) {
  const known = new Set(CONFIGURABLE_NOTIFICATION_TYPES.map((type) => type.id));
  const current = new Map(
    (await notificationSettings(db, session.company.id, session.user.id)).map((setting) => [
      setting.notification_type_id,
      setting,
    ]),
  );
  for (const [key, value] of Object.entries(settings)) {
    const typeId = Number(value.notification_type_id ?? key);
    if (!known.has(typeId))
      throw new ValidationError({
        [`notification_settings.${key}`]: ['The selected notification type is invalid.'],
      });
    const before = current.get(typeId);
    const email =
      value.email === undefined || value.email === null ? before?.email === 1 : toBoolean(value.email);
    const browser =
      value.browser === undefined || value.browser === null
        ? before?.browser === 1
        : toBoolean(value.browser);
    await db
      .insertInto('user_notification_settings')
      .values({
        company_id: session.company.id,
        user_id: session.user.id,
        notification_type_id: typeId,
        email,
        browser,
      })
      .onConflict((conflict) =>
        conflict.columns(['company_id', 'user_id', 'notification_type_id']).doUpdateSet({ email, browser }),
      )
      .execute();
  }
}

type ActivityRow = Selectable<UserActivitiesTable>;
/**
 * An entry with what it says in `language` (server/domain/activity-messages.ts), and its stored message for the
 * portal.
 */
const presentActivity = (
  row: ActivityRow,
  language: Language,
  collections: ActivityCollections,
  activityAt: RouteActivityAt,
) => {
  const stored = storedActivityMessage(row, collections, activityAt);
  return {
    id: row.id,
    action: row.action,
    subject: row.subject,
    message: renderMessage(stored, language),
    message_key: stored.key,
    message_params: stored.params,
    datetime: iso(row.created_at)!,
  };
};

const activityList = (
  language: Language,
  activityAt: RouteActivityAt,
  entities: readonly RegistrableEntity[],
): ListSpec<'user_activities', ActivityRow, ReturnType<typeof presentActivity>> => ({
  resource: 'activities',
  sorts: { datetime: 'user_activities.created_at' },
  defaultSort: '-datetime',
  tiebreaker: 'user_activities.id',
  search: ['user_activities.action', 'user_activities.subject'],
  fields: ['id', 'action', 'subject', 'message', 'message_key', 'message_params', 'datetime'],
  present: async (rows) => {
    const collections = declaredActivityCollections(entities);
    return rows.map((row) => presentActivity(row, language, collections, activityAt));
  },
});

const AccountResponse = Type.Object({
  data: MyAccountSchema,
  meta_data: Type.Object({ password_update_status: StringEnum(PASSWORD_UPDATE_STATUSES) }),
});

export default async function myAccountRoutes(server: FastifyInstance): Promise<void> {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();
  const { db, storage } = app.ctx;

  app.get(
    '/my-account',
    guarded(guard.signedIn, {
      tags: ['my account'],
      summary: "The signed-in user's profile in this company, with role, groups and notification settings",
      querystring: AccountQuery,
      response: { 200: DataSchema(MyAccountSchema) },
    }),
    async (request) => {
      const session = await authenticate(request);
      return { data: await presentAccount(request, session, excludedFields(request.query.excluded_fields)) };
    },
  );

  app.patch(
    '/my-account',
    guarded(
      guard.signedIn,
      {
        tags: ['my account'],
        summary:
          'Saves the profile (multipart with profile_image jpeg/png/bmp ≤ 3 MB), notification settings and password; also POST with _method=PATCH',
        consumes: FORM_CONTENT_TYPES,
        body: UpdateBody,
        response: { 200: AccountResponse },
      },
      { activity: { message: 'profileUpdated' } },
    ),
    async (request) => {
      const session = await authenticate(request);
      const body = request.body;
      const userId = session.user.id;
      const errors: FieldErrors = {};
      for (const field of ['name', 'username', 'email'] as const) {
        if (field in body && !body[field]) errors[field] = [requiredField(field)];
      }
      if (body.email && !EMAIL.test(body.email))
        errors.email = ['The email field must be a valid email address.'];
      Object.assign(errors, await uniqueErrors(db, userId, body));
      const changesPassword = wantsPasswordChange(body);
      if (changesPassword) Object.assign(errors, await passwordErrors(db, userId, body));
      const [image, uploaded] = await Promise.all([
        fieldErrorsOf(errors, acceptUpload(body.profile_image, 'profile_image', IMAGE_RULES.preview)),
        fieldErrorsOf(errors, submittedProfileImage(app.ctx, session, body)),
      ]);
      if (Object.keys(errors).length) throw new ValidationError(errors);

      // A multipart picture wins over an upload id; either replaces the current one, which then goes.
      const next = image
        ? await storeUpload(storage, PROFILE_IMAGE_FOLDER, image)
        : await nextProfileImage(app.ctx, uploaded, body);
      const passwordHash = changesPassword ? await hashPassword(body.new_password!) : undefined;
      const logoutAll = changesPassword && toBoolean(body.logout_all_devices);
      const { profile_image: current } = await db
        .selectFrom('users')
        .select('profile_image')
        .where('id', '=', userId)
        .executeTakeFirstOrThrow();
      const notice = await writeProfileImage(app.ctx, next, current, (picture) =>
        db.transaction().execute(async (trx) => {
          await trx
            .updateTable('users')
            .set({
              ...(body.name ? { name: body.name } : {}),
              ...(body.username ? { username: body.username } : {}),
              ...(body.email ? { email: body.email } : {}),
              ...('phone_number' in body ? { phone_number: body.phone_number ?? null } : {}),
              ...('function' in body ? { function: body.function ?? null } : {}),
              ...picture,
              ...(passwordHash ? { password_hash: passwordHash } : {}),
              updated_at: new Date(),
            })
            .where('id', '=', userId)
            .execute();
          if (body.notification_settings) await saveSettings(trx, session, body.notification_settings);
          if (logoutAll) await revokeAllTokens(trx, userId);
          if (!passwordHash) return null;
          await recordActivity(trx, { companyId: session.company.id, userId, action: 'password_changed' });
          return deliverNotification(trx, {
            companyId: session.company.id,
            userId,
            type: 'passwordChanged',
            message: message(
              logoutAll
                ? 'notifications:messages.passwordChangedEverywhere'
                : 'notifications:messages.passwordChanged',
            ),
          });
        }),
      );
      await announceNotifications(request, [notice]);
      const status: PasswordUpdateStatus = !changesPassword
        ? 'not_updated'
        : logoutAll
          ? 'success_and_logged_out_all_devices'
          : 'success';
      return {
        data: await presentAccount(request, session, new Set()),
        meta_data: { password_update_status: status },
      };
    },
  );

  app.delete(
    '/my-account',
    guarded(
      guard.signedIn,
      {
        tags: ['my account'],
        summary: 'Deletes the account: it can no longer sign in, and every session ends',
        response: { 200: MessageSchema },
      },
      { activity: { message: 'profileUpdated' } },
    ),
    async (request) => {
      const { user } = await authenticate(request);
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('users').set({ deleted_at: new Date() }).where('id', '=', user.id).execute();
        await revokeAllTokens(trx, user.id);
      });
      return { message: 'Your account has been deleted.' };
    },
  );

  app.delete(
    '/my-account/membership',
    guarded(
      guard.signedIn,
      {
        tags: ['my account'],
        summary: 'Leaves this company: role, groups and licences here are removed; sessions here end',
        response: { 200: MessageSchema, 422: MessageSchema },
      },
      { activity: { message: 'leftCompany' } },
    ),
    async (request) => {
      const { user, company } = await authenticate(request);
      const left = await db.transaction().execute(async (trx) => {
        const removed = await trx
          .deleteFrom('company_user')
          .where('company_id', '=', company.id)
          .where('user_id', '=', user.id)
          .executeTakeFirst();
        if (!removed.numDeletedRows) return false;
        await trx
          .deleteFrom('user_licences')
          .where('company_id', '=', company.id)
          .where('user_id', '=', user.id)
          .execute();
        await trx
          .deleteFrom('group_user')
          .where('user_id', '=', user.id)
          .where('group_id', 'in', trx.selectFrom('groups').select('id').where('company_id', '=', company.id))
          .execute();
        return true;
      });
      if (!left) throw new HttpError(422, 'You are not a member of this company.');
      return { message: `You have been removed from ${company.name}.` };
    },
  );

  app.post(
    '/my-account/reset-password',
    guarded(
      guard.signedIn,
      {
        tags: ['my account'],
        summary: 'Sends the signed-in user a password reset link (as a notification)',
        response: { 200: MessageSchema },
      },
      { activity: { message: 'resetLinkRequested' } },
    ),
    async (request) => {
      const { user, company } = await authenticate(request);
      await sendResetLink(request, user, company.id);
      return { message: RESET_LINK_SENT };
    },
  );

  app.post(
    '/my-account/default-settings',
    guarded(
      guard.signedIn,
      {
        tags: ['my account'],
        summary: 'Restores the default notification settings (every type by email and in the portal)',
        response: { 200: DataSchema(MyAccountSchema) },
      },
      { activity: { message: 'defaultSettings' } },
    ),
    async (request) => {
      const session = await authenticate(request);
      await db
        .deleteFrom('user_notification_settings')
        .where('company_id', '=', session.company.id)
        .where('user_id', '=', session.user.id)
        .execute();
      return { data: await presentAccount(request, session, new Set()) };
    },
  );

  app.get(
    '/my-account/activity',
    guarded(guard.signedIn, {
      tags: ['my account'],
      summary: "The user's activity in this company (sign-ins, creates, updates, deletes), newest first",
      querystring: Type.Object(listQueryProperties),
      response: { 200: ListResponseSchema(PaginatedSchema(ActivityEntrySchema)) },
    }),
    async (request) => {
      const session = await authenticate(request);
      const base = db
        .selectFrom('user_activities')
        .selectAll('user_activities')
        .where('user_activities.company_id', '=', session.company.id)
        .where('user_activities.user_id', '=', session.user.id);
      return listEndpoint(
        request,
        base,
        activityList(requestLanguage(request), app.routeActivityAt, app.ctx.entities),
        request.query,
      );
    },
  );
}
