/**
 * The shell's notifications (demo fixture: ≥15 for alice with ≥5 unread, 5 for bob; a few for carol and dave), each
 * with its type and stored message, so readers see them in their own language.
 */
import { type MessageParams, message } from '../../../shared/messages';
import { type NotificationTypeKey, notificationTypeOf } from '../../../shared/notification-types';
import { renderTitled } from '../../http/messages';
import type { DB } from '../../db/database';
import { hoursAgo } from '../time';
import { defineSeedArea } from '../seed-area';

interface NotificationSeed {
  type: NotificationTypeKey;
  /** The message below `notifications:messages.`, with its parameters. */
  message: string;
  params?: MessageParams;
  /** How long ago it arrived. */
  hours: number;
  unread?: boolean;
}

const NOTIFICATIONS: Record<string, NotificationSeed[]> = {
  alice: [
    {
      type: 'modelProcessed',
      message: 'modelProcessed',
      params: { model: 'Harbour Tower – Facade' },
      hours: 0.5,
      unread: true,
    },
    {
      type: 'processingFailed',
      message: 'modelFailed',
      params: { model: 'Copper Works – Hall' },
      hours: 2,
      unread: true,
    },
    {
      type: 'projectAssigned',
      message: 'projectAssigned',
      params: { by: 'Bob Brink', project: 'Riverside Lofts' },
      hours: 5,
      unread: true,
    },
    {
      type: 'libraryItemProcessed',
      message: 'libraryItemsAdded',
      params: { count: 12, library: 'Office Chairs' },
      hours: 9,
      unread: true,
    },
    { type: 'plannedMaintenance', message: 'plannedMaintenance', hours: 20, unread: true },
    {
      type: 'downloadsAvailable',
      message: 'exportReady',
      params: { project: 'Museum Quarter' },
      hours: 26,
      unread: true,
    },
    {
      type: 'projectUpdated',
      message: 'projectComment',
      params: {
        by: 'Ada Admin',
        project: 'Lakeside Villa',
        comment: 'Can we try a warmer wood for the terrace?',
      },
      hours: 30,
    },
    {
      type: 'permissionsChanged',
      message: 'licenceAssigned',
      params: { licence: 'hatch', company: 'Acme Visuals' },
      hours: 49,
    },
    {
      type: 'modelProcessed',
      message: 'modelQueued',
      params: { model: 'Parkview Hotel – Lobby' },
      hours: 55,
    },
    {
      type: 'projectUpdated',
      message: 'projectArchived',
      params: { project: 'Old Mill Conversion', by: 'Ada Admin' },
      hours: 74,
    },
    {
      type: 'materialsImported',
      message: 'materialsImported',
      params: { count: 8, category: 'Woods' },
      hours: 98,
    },
    { type: 'passwordChanged', message: 'passwordChanged', hours: 130 },
    {
      type: 'permissionsChanged',
      message: 'roleChanged',
      params: { company: 'Acme Visuals', role: 'Manager' },
      hours: 170,
    },
    { type: 'downloadsAvailable', message: 'downloadAdded', hours: 220 },
    { type: 'announcements', message: 'welcome', params: { company: 'Acme Visuals' }, hours: 400 },
    {
      type: 'modelProcessed',
      message: 'modelProcessed',
      params: { model: 'Lakeside Villa – Terrace' },
      hours: 460,
    },
    { type: 'permissionsChanged', message: 'groupAdded', params: { group: 'Design team' }, hours: 520 },
    { type: 'announcements', message: 'storageTip', hours: 700 },
  ],
  bob: [
    {
      type: 'projectAssigned',
      message: 'projectAssigned',
      params: { by: 'Alice Achterberg', project: 'Harbour Tower' },
      hours: 3,
      unread: true,
    },
    {
      type: 'downloadsAvailable',
      message: 'exportReady',
      params: { project: 'Bayview Showroom' },
      hours: 27,
      unread: true,
    },
    { type: 'plannedMaintenance', message: 'plannedMaintenance', hours: 20 },
    {
      type: 'permissionsChanged',
      message: 'licenceAssigned',
      params: { licence: 'design_and_sales', company: 'Acme Visuals' },
      hours: 150,
    },
    { type: 'announcements', message: 'welcome', params: { company: 'Acme Visuals' }, hours: 410 },
  ],
  carol: [
    {
      type: 'modelProcessed',
      message: 'modelProcessed',
      params: { model: 'Globex Harbour – Pier' },
      hours: 4,
      unread: true,
    },
    {
      type: 'projectAssigned',
      message: 'projectAssigned',
      params: { by: 'Ada Admin', project: 'Globex Headquarters' },
      hours: 60,
    },
    { type: 'announcements', message: 'welcome', params: { company: 'Globex Design' }, hours: 300 },
  ],
  dave: [
    {
      type: 'announcements',
      message: 'welcome',
      params: { company: 'Initech' },
      hours: 300,
      unread: true,
    },
    { type: 'announcements', message: 'licenceRequest', params: { company: 'Initech' }, hours: 200 },
  ],
};

export async function seedNotifications(db: DB): Promise<void> {
  const now = Date.now();
  const members = await db
    .selectFrom('users')
    .innerJoin('company_user', 'company_user.user_id', 'users.id')
    .select(['users.id', 'users.username', 'company_user.company_id'])
    .where('users.username', 'in', Object.keys(NOTIFICATIONS))
    .execute();
  const rows = members.flatMap((member) =>
    NOTIFICATIONS[member.username].map((seed) => {
      const date = hoursAgo(seed.hours, now);
      const stored = message(`notifications:messages.${seed.message}`, seed.params);
      const english = renderTitled(stored, 'en');
      return {
        company_id: member.company_id,
        user_id: member.id,
        ...english,
        type_id: notificationTypeOf(seed.type).id,
        message_key: stored.key,
        message_params: JSON.stringify(stored.params),
        date,
        read_at: seed.unread ? null : new Date(date.getTime() + 15 * 60 * 1000),
      };
    }),
  );
  if (rows.length) await db.insertInto('notifications').values(rows).execute();
}

export default defineSeedArea({ order: 20, run: seedNotifications });
