/**
 * Messages in the reader's language and one notification catalogue (issues 12, 14, 18):
 * - notifications carry their type (`type_id`, shared/notification-types.ts) and a stored message
 *   (`message_key`, `message_params`; shared/messages.ts), and so do the geometry events of models and library
 *   items; existing rows whose English wording is known are converted, the others keep their text;
 * - the notification types are the shared catalogue alone: the account's `notification_types` table (0050) is
 *   dropped after its users' settings moved onto the catalogue's ids;
 * - changelog items get an optional Dutch description.
 */
import { type Kysely, sql } from 'kysely';

/** The 0050 table's keys and the catalogue ids they became. */
const TYPE_IDS: Record<string, number> = {
  project_shared: 1,
  model_processed: 3,
  model_failed: 4,
  project_created: 8,
  project_deleted: 9,
  library_item_processed: 10,
  password_reset: 11,
  password_changed: 12,
};

/** English processing messages and their keys (below models:processing.). */
const EVENT_KEYS: Record<string, string> = {
  'Upload started': 'uploadStarted',
  'Upload received': 'received',
  'Queued for reprocessing': 'requeued',
  'Waiting for a free processor': 'waiting',
  'Processing started': 'started',
  'Reading geometry': 'reading',
  'Converting meshes': 'converting',
  'Optimising meshes': 'optimising',
  'Optimising materials': 'optimisingMaterials',
  'Baking materials': 'baking',
  'Generating preview': 'preview',
  'Processing finished': 'finished',
  'Processing cancelled': 'cancelled',
  'Geometry read: FBX (ASCII)': 'read.fbxAscii',
  'Geometry read: no stored file': 'read.noFile',
  'Conversion failed: the FBX file is cut off after its header': 'failed.fbxCutOff',
  'Conversion failed: the FBX file contains no geometry': 'failed.noGeometry',
  'Conversion failed: the archive is empty': 'failed.archiveEmpty',
  'Conversion failed: the archive is damaged: its central directory is missing': 'failed.archiveDamaged',
  'Conversion failed: the file is empty': 'failed.fileEmpty',
  'Conversion failed: the file is neither an FBX file nor a zip archive': 'failed.wrongType',
  'Conversion failed: the model file is missing': 'failed.modelMissing',
  'Conversion failed: the model file could not be read': 'failed.modelUnreadable',
  'Conversion failed: the item file is missing': 'failed.itemMissing',
  'Conversion failed: the item file could not be read': 'failed.itemUnreadable',
};

async function convertEvents(db: Kysely<unknown>, table: string): Promise<void> {
  const events = sql.table(table);
  await sql`
    alter table ${events}
      add column message_key text,
      add column message_params jsonb not null default '{}'::jsonb
  `.execute(db);
  for (const [text, key] of Object.entries(EVENT_KEYS))
    await sql`update ${events} set message_key = ${`models:processing.${key}`} where message = ${text}`.execute(
      db,
    );
  await sql`
    update ${events} set message_key = 'models:processing.read.fbxBinary',
      message_params = jsonb_build_object('version', substring(message from '^Geometry read: FBX ([0-9.]+) \\(binary\\)$'))
    where message_key is null and message ~ '^Geometry read: FBX [0-9.]+ \\(binary\\)$'
  `.execute(db);
  await sql`
    update ${events} set message_key = 'models:processing.read.zip',
      message_params = jsonb_build_object('count', substring(message from '^Geometry read: zip archive with ([0-9]+) files?$')::integer)
    where message_key is null and message ~ '^Geometry read: zip archive with [0-9]+ files?$'
  `.execute(db);
  await sql`
    update ${events} set message_key = 'models:processing.failed.fbxVersion',
      message_params = jsonb_build_object('version', substring(message from '^Conversion failed: FBX version ([0-9]+) is not supported$'))
    where message_key is null and message ~ '^Conversion failed: FBX version [0-9]+ is not supported$'
  `.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table user_notification_settings
      drop constraint if exists user_notification_settings_notification_type_id_fkey;
    update user_notification_settings set notification_type_id = notification_type_id + 1000;
  `.execute(db);
  for (const [key, id] of Object.entries(TYPE_IDS))
    await sql`
      update user_notification_settings set notification_type_id = ${id}
      where notification_type_id - 1000 = (select id from notification_types where key = ${key})
    `.execute(db);
  await sql`
    delete from user_notification_settings where notification_type_id > 1000;
    drop table notification_types;

    alter table notifications
      add column type_id integer,
      add column message_key text,
      add column message_params jsonb not null default '{}'::jsonb;
    update notifications set type_id = 5, message_key = 'notifications:messages.invitation',
      message_params = jsonb_build_object(
        'inviter', substring(text from '^(.+) invited you to .+\\.$'),
        'company', substring(text from '^.+ invited you to (.+)\\.$'))
    where title = 'Invitation' and text ~ '^.+ invited you to .+\\.$';
    update notifications set type_id = 11, message_key = 'notifications:messages.passwordReset',
      message_params = jsonb_build_object(
        'minutes', substring(text from '^Open this link within ([0-9]+) minutes')::integer,
        'url', substring(text from 'choose a new password: (.+)$'))
    where title = 'Password reset requested' and text ~ '^Open this link within [0-9]+ minutes to choose a new password: .+$';
    update notifications set type_id = 12, message_key = 'notifications:messages.passwordChanged'
    where title = 'Your password was changed' and text like 'Your password was changed. If this was not you%';
    update notifications set type_id = 12, message_key = 'notifications:messages.passwordChangedEverywhere'
    where title = 'Your password was changed' and text like '%signed out on every device.';
    create index notifications_user_type on notifications (company_id, user_id, type_id);

    alter table changelog_items add column description_nl text;
  `.execute(db);
  await convertEvents(db, 'model_geometry_events');
  await convertEvents(db, 'library_item_geometry_events');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table changelog_items drop column description_nl;
    alter table library_item_geometry_events drop column message_key, drop column message_params;
    alter table model_geometry_events drop column message_key, drop column message_params;
    drop index notifications_user_type;
    alter table notifications drop column type_id, drop column message_key, drop column message_params;
  `.execute(db);
}
