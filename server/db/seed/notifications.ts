/** The shell's notifications (demo fixture: ≥15 for alice with ≥5 unread, 5 for bob; a few for carol and dave). */
import type { DB } from '../database';
import { hoursAgo } from './time';

interface NotificationSeed {
  title: string;
  text: string;
  /** How long ago it arrived. */
  hours: number;
  unread?: boolean;
}

const NOTIFICATIONS: Record<string, NotificationSeed[]> = {
  alice: [
    {
      title: 'Model processed',
      text: 'The model “Harbour Tower – Facade” finished processing and is ready to use.',
      hours: 0.5,
      unread: true,
    },
    {
      title: 'Processing failed',
      text: 'The model “Copper Works – Hall” could not be converted: the FBX file has no geometry. Upload a new version to try again.',
      hours: 2,
      unread: true,
    },
    {
      title: 'Added to a project',
      text: 'Bob Brink added you to the project “Riverside Lofts”.',
      hours: 5,
      unread: true,
    },
    {
      title: 'Library updated',
      text: '12 items were added to the library “Office Chairs”.',
      hours: 9,
      unread: true,
    },
    {
      title: 'Planned maintenance',
      text: 'The portal will be unavailable on Saturday from 22:00 to 23:00 while we install updates.',
      hours: 20,
      unread: true,
    },
    {
      title: 'Export ready',
      text: 'The export of “Museum Quarter” is ready. Find it under Tools › Downloads.',
      hours: 26,
      unread: true,
    },
    {
      title: 'New comment',
      text: 'Ada Admin commented on “Lakeside Villa”: “Can we try a warmer wood for the terrace?”',
      hours: 30,
    },
    {
      title: 'Licence assigned',
      text: 'You were given a Converter & Optimizer licence for Acme Visuals.',
      hours: 49,
    },
    {
      title: 'Model queued',
      text: 'The model “Parkview Hotel – Lobby” is queued and will be processed shortly.',
      hours: 55,
    },
    {
      title: 'Project archived',
      text: 'The project “Old Mill Conversion” was set to inactive by Ada Admin.',
      hours: 74,
    },
    { title: 'Material imported', text: '8 materials were imported into the category “Woods”.', hours: 98 },
    {
      title: 'Password changed',
      text: 'Your password was changed. If this was not you, contact your administrator.',
      hours: 130,
    },
    { title: 'Role updated', text: 'Your role in Acme Visuals is now Manager.', hours: 170 },
    {
      title: 'Download added',
      text: 'A new plug-in version is available under Tools › Downloads.',
      hours: 220,
    },
    {
      title: 'Welcome to the portal',
      text: 'Your account for Acme Visuals is ready. Start by opening a project or uploading a model.',
      hours: 400,
    },
    {
      title: 'Model processed',
      text: 'The model “Lakeside Villa – Terrace” finished processing and is ready to use.',
      hours: 460,
    },
    { title: 'Group membership', text: 'You were added to the group “Design team”.', hours: 520 },
    {
      title: 'Storage tip',
      text: 'Archived library items no longer count towards your storage. Archive what you no longer use.',
      hours: 700,
    },
  ],
  bob: [
    {
      title: 'Added to a project',
      text: 'Alice Achterberg added you to the project “Harbour Tower”.',
      hours: 3,
      unread: true,
    },
    {
      title: 'Export ready',
      text: 'The export of “Bayview Showroom” is ready. Find it under Tools › Downloads.',
      hours: 27,
      unread: true,
    },
    {
      title: 'Planned maintenance',
      text: 'The portal will be unavailable on Saturday from 22:00 to 23:00 while we install updates.',
      hours: 20,
    },
    {
      title: 'Licence assigned',
      text: 'You were given a Designs and Sales licence for Acme Visuals.',
      hours: 150,
    },
    {
      title: 'Welcome to the portal',
      text: 'Your account for Acme Visuals is ready. Browse projects and libraries from the menu.',
      hours: 410,
    },
  ],
  carol: [
    {
      title: 'Model processed',
      text: 'The model “Globex Harbour – Pier” finished processing and is ready to use.',
      hours: 4,
      unread: true,
    },
    { title: 'Added to a project', text: 'You were added to the project “Globex Headquarters”.', hours: 60 },
    { title: 'Welcome to the portal', text: 'Your account for Globex Design is ready.', hours: 300 },
  ],
  dave: [
    { title: 'Welcome to the portal', text: 'Your account for Initech is ready.', hours: 300, unread: true },
    {
      title: 'Licence request',
      text: 'Initech has no licences yet. Ask your administrator to buy one.',
      hours: 200,
    },
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
      return {
        company_id: member.company_id,
        user_id: member.id,
        title: seed.title,
        text: seed.text,
        date,
        read_at: seed.unread ? null : new Date(date.getTime() + 15 * 60 * 1000),
      };
    }),
  );
  if (rows.length) await db.insertInto('notifications').values(rows).execute();
}
