/**
 * Kysely table types: one interface per table of server/db/migrations (tests/server/table-types.test.ts checks that
 * they name exactly the migrated tables and columns, null where a column may be). A status column's
 * values are the entity schema's (shared/entities/), which the API answers.
 */
import type { ColumnType, Generated } from 'kysely';
import type { LABEL_FIELDS } from '../../shared/entities/label-values';
import type { PROPERTY_MAP_FIELDS } from '../../shared/entities/property-map-values';
import type { ChangelogType } from '../../shared/entities/changelog-item-values';
import type { LibraryStatus } from '../../shared/entities/libraries';
import type { LibraryItemStatus } from '../../shared/entities/library-items';
import type { MaterialCategoryStatus } from '../../shared/entities/material-categories';
import type { MaterialImportStatus, MaterialStatus } from '../../shared/entities/materials';
import type { ModelStatus } from '../../shared/entities/models';
import type { ProjectStatus } from '../../shared/entities/projects';
import type { GeometryStatistics } from '../../shared/geometry-statistics';
import type { MessageParams } from '../../shared/messages';
import type { UserPreferences } from '../../shared/session';
import type { CommentCamera, Vector3Tuple } from '../../shared/entities/model-comments';
import type { SavedViewStateValue } from '../../shared/entities/saved-view-values';
import type { SharedRecordType } from '../../shared/entities/share-link-values';
import type { ImportJobStatus } from '../../shared/import';
import type { ExportColumn, ListExportFormat, ListExportStatus } from '../../shared/list-exports';
import type { DeclaredFieldsTable } from './declared-fields-table';

/** A timestamp with a database default: optional on insert. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type NullableColumn<T> = ColumnType<T | null, T | null | undefined, T | null>;
/** A jsonb column: the value when read, JSON text when written. */
type JsonColumn<T> = ColumnType<T | null, string | null | undefined, string | null>;

/** What a finished row import came to: the import endpoint's answer (`data`), or its 422's errors. */
export type RowImportOutcome = { data: unknown } | { errors: Record<string, string[]> };

export interface CompaniesTable {
  id: Generated<number>;
  name: string;
  sub_domain: string;
  domain: string | null;
  fqdn: string | null;
  database: string | null;
  logo: string | null;
  background_image: string | null;
  address: string | null;
  postal_code: string | null;
  country: string | null;
  city: string | null;
  phone_number: string | null;
  website: string | null;
  description: string | null;
  primary_color: string | null;
  primary_accent: string | null;
  colors_is_default: Generated<boolean>;
  autodesk_integration: Generated<string>;
  demo_model_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: NullableTimestamp;
}

export interface CompanyLicencesTable {
  company_id: number;
  licence: string;
  bought: number;
}

export interface UsersTable {
  id: Generated<number>;
  name: string;
  username: string;
  email: string;
  password_hash: string;
  admin: Generated<boolean>;
  phone_number: string | null;
  function: string | null;
  profile_image: string | null;
  email_verified_at: NullableTimestamp;
  autodesk_connected: Generated<boolean>;
  autodesk_scope_outdated: Generated<boolean>;
  /** shared/session.ts `UserPreferences` (jsonb; migration 0140). */
  preferences: ColumnType<UserPreferences, string | undefined, string>;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: NullableTimestamp;
}

export interface RolesTable {
  id: Generated<number>;
  company_id: number;
  title: string;
  description: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: NullableTimestamp;
}

export interface RoleAbilitiesTable {
  role_id: number;
  ability: string;
}

export interface CompanyUserTable {
  company_id: number;
  user_id: number;
  role_id: number | null;
  created_at: Timestamp;
}

export interface UserLicencesTable {
  company_id: number;
  user_id: number;
  licence: string;
}

export interface GroupsTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  description: string | null;
  role_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: NullableTimestamp;
}

export interface GroupUserTable {
  group_id: number;
  user_id: number;
}

export interface AccessTokensTable {
  id: Generated<number>;
  user_id: number;
  company_id: number | null;
  token_hash: string;
  expires_at: Timestamp;
  last_used_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface NotificationsTable {
  id: Generated<number>;
  company_id: number;
  user_id: number;
  title: string;
  text: string;
  read_at: NullableTimestamp;
  date: Timestamp;
  /** The notification type (shared/notification-types.ts); null for rows older than migration 0080. */
  type_id: number | null;
  /** The stored message (shared/messages.ts); null where an older row's text could not be converted. */
  message_key: string | null;
  message_params: MessageParamsColumn;
}

/** A processed file's geometry figures (jsonb): an object when read, JSON text when written. */
export type GeometryStatisticsColumn = ColumnType<
  GeometryStatistics | null,
  string | null | undefined,
  string | null
>;

/** A stored message's parameters (jsonb): an object when read, JSON text when written. */
export type MessageParamsColumn = ColumnType<MessageParams, string | undefined, string>;

export type { ChangelogType };

export interface ChangelogItemsTable {
  id: Generated<number>;
  type: ChangelogType;
  description: string;
  /** The Dutch description shown to Dutch readers (migration 0080); null falls back to `description`. */
  description_nl: string | null;
  screenshot: string | null;
  date_on_development: NullableTimestamp;
  date_on_test: NullableTimestamp;
  date_on_acceptance: NullableTimestamp;
  date_on_production: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PlannedMaintenanceTable {
  id: Generated<number>;
  name: string;
  description: string | null;
  start_datetime: ColumnType<Date, Date | string, Date | string>;
  end_datetime: ColumnType<Date, Date | string, Date | string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AppSettingsTable {
  key: string;
  value: ColumnType<unknown, string, string>;
}

export type { ProjectStatus };

export interface ProjectsTable {
  id: Generated<number>;
  company_id: number;
  parent_id: number | null;
  name: string;
  description: string | null;
  status: Generated<ProjectStatus>;
  preview_image: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: NullableTimestamp;
}

export interface ProjectLabelsTable {
  project_id: number;
  label_id: number;
}

export interface ProjectUserTable {
  project_id: number;
  user_id: number;
}

export interface ProjectFavoritesTable {
  user_id: number;
  project_id: number;
  created_at: Timestamp;
}

export type { ModelStatus };

export interface ProjectModelsTable {
  id: Generated<number>;
  company_id: number;
  project_id: number | null;
  name: string;
  description: string | null;
  status: Generated<ModelStatus>;
  status_color: Generated<string>;
  /** A storage key or an absolute URL. */
  preview_image_url: string | null;
  started_at: NullableTimestamp;
  finished_at: NullableTimestamp;
  uploader_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: NullableTimestamp;
  /** The stored source file (a FileStorage key), its client file name and size; null for seeded models. */
  file_key: ColumnType<string | null, string | null | undefined, string | null>;
  file_name: ColumnType<string | null, string | null | undefined, string | null>;
  file_size: ColumnType<number | null, number | null | undefined, number | null>;
  /** Raised each time the model is queued; a processor run of an older attempt stops. */
  processing_attempt: Generated<number>;
  /** The optimized glb the viewer shows (a FileStorage key under `converted/`), set when a run finished. */
  viewer_model_key: ColumnType<string | null, string | null | undefined, string | null>;
  /** The figures of the last finished run (shared/geometry-statistics.ts). */
  geometry_statistics: GeometryStatisticsColumn;
  /** The current version's number, note, the version it restored (null for an upload), uploader and time (issue 45). */
  version: Generated<number>;
  version_note: ColumnType<string | null, string | null | undefined, string | null>;
  version_restored_from: ColumnType<number | null, number | null | undefined, number | null>;
  version_uploader_id: ColumnType<number | null, number | null | undefined, number | null>;
  version_created_at: Timestamp;
  /** The last pin number given to a comment thread on it (issue 45, server/api/model-comments.ts); never reused. */
  last_comment_number: Generated<number>;
}

/** A resumable (tus) upload and who may use it. */
export interface UploadsTable {
  /** The tus upload id (its object in the upload store). */
  id: string;
  /** Its declared kind (server/uploads/upload-kinds.ts), e.g. 'model-file'. */
  kind: Generated<string>;
  company_id: number;
  user_id: number;
  file_name: string;
  size: number;
  created_at: Timestamp;
}

/**
 * A version a model's file had before it was replaced or another version restored (issue 45): immutable, with its
 * files, figures and geometry events as they were. Library items' (`library_item_versions`) are the same but the
 * owner's column (`item_id`).
 */
export interface ModelVersionsTable {
  id: Generated<number>;
  company_id: number;
  model_id: number;
  number: number;
  /** The status it had when it was replaced; a version replaced before its run finished has no processed files. */
  status: string;
  file_key: string | null;
  file_name: string | null;
  file_size: ColumnType<number | string | null, number | null, never>;
  viewer_model_key: string | null;
  preview_image_url: string | null;
  geometry_statistics: GeometryStatisticsColumn;
  /** Its geometry events, oldest first (jsonb): objects when read, JSON text when written. */
  geometry_events: ColumnType<StoredGeometryEvent[], string, never>;
  note: string | null;
  restored_from: number | null;
  uploader_id: number | null;
  created_at: Timestamp;
  replaced_at: Generated<Timestamp>;
}

export type LibraryItemVersionsTable = Omit<ModelVersionsTable, 'model_id'> & { item_id: number };

/** A geometry event as a version keeps it. */
export interface StoredGeometryEvent {
  message: string;
  message_key: string | null;
  message_params: MessageParams;
  created_at: string;
}

export interface ModelGeometryEventsTable {
  id: Generated<number>;
  model_id: number;
  message: string;
  message_key: string | null;
  message_params: MessageParamsColumn;
  created_at: Timestamp;
}

export type { LibraryStatus };

export interface LibrariesTable {
  id: Generated<number>;
  company_id: number;
  parent_id: number | null;
  name: string;
  description: string | null;
  status: Generated<LibraryStatus>;
  preview_image: string | null;
  /** The model this library is connected to; a connected library is not deletable. */
  model_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: NullableTimestamp;
}

/** A file the company offers its users (tools): saved as `name.extension`. */
export interface DownloadsTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  extension: string;
  /** The stored file (a FileStorage key under `downloads/`, never served as a public file). */
  file_key: string;
  file_size: ColumnType<number, number, number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A property map (tools, hatch). */
export type { LibraryItemStatus };

/** A library item (migration 0010): processed after upload like a model, in any number of libraries. */
export interface LibraryItemsTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  description: string | null;
  status: Generated<LibraryItemStatus>;
  status_color: Generated<string>;
  /** The status an archived item had, back when it is activated. */
  status_before_archive: ColumnType<LibraryItemStatus | null, LibraryItemStatus | null | undefined>;
  preview_image_url: string | null;
  file_key: ColumnType<string | null, string | null | undefined, string | null>;
  file_name: ColumnType<string | null, string | null | undefined, string | null>;
  file_size: ColumnType<number | null, number | null | undefined, number | null>;
  uploader_id: number | null;
  /** The model this item is connected to; a connected item is not deletable. */
  model_id: ColumnType<number | null, number | null | undefined, number | null>;
  processing_attempt: Generated<number>;
  /** The optimized glb the viewer shows (a FileStorage key under `converted/`), set when a run finished. */
  viewer_model_key: ColumnType<string | null, string | null | undefined, string | null>;
  /** The figures of the last finished run (shared/geometry-statistics.ts). */
  geometry_statistics: GeometryStatisticsColumn;
  started_at: NullableTimestamp;
  finished_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: NullableTimestamp;
  /** The current version's number, note, the version it restored (null for an upload), uploader and time (issue 45). */
  version: Generated<number>;
  version_note: ColumnType<string | null, string | null | undefined, string | null>;
  version_restored_from: ColumnType<number | null, number | null | undefined, number | null>;
  version_uploader_id: ColumnType<number | null, number | null | undefined, number | null>;
  version_created_at: Timestamp;
  /** The last pin number given to a comment thread on it (issue 45, server/api/model-comments.ts); never reused. */
  last_comment_number: Generated<number>;
}

export interface LibraryItemLibrariesTable {
  item_id: number;
  library_id: number;
}

export interface LibraryItemGeometryEventsTable {
  id: Generated<number>;
  item_id: number;
  message: string;
  message_key: string | null;
  message_params: MessageParamsColumn;
  created_at: Timestamp;
}

export interface LibraryLabelsTable {
  library_id: number;
  label_id: number;
}

/** Live rows per company and table, kept by triggers (migration 0003). */
export interface LiveRowCountsTable {
  company_id: number;
  table_name: string;
  total: number;
  top_level: number;
}

/** The login throttle's fixed-window counters (server/auth/login-throttle.ts). */
export interface LoginAttemptsTable {
  key: string;
  hits: number;
  reset_at: Timestamp;
}

/** An invitation of a user into a company with a role (issue 14); accepted on the user's first sign-in there. */
export interface InvitationsTable {
  id: Generated<number>;
  company_id: number;
  user_id: number;
  role_id: number | null;
  invited_by: number | null;
  token_hash: string;
  created_at: Timestamp;
  accepted_at: NullableTimestamp;
  /** The invitation made the account: accepting it sets the name, username and password. */
  new_account: Generated<boolean>;
}

/** A mail the server sent (the demo has no mail server: `GET /dev/mail` shows them). */
export interface MailOutboxTable {
  id: Generated<number>;
  recipient: string;
  subject: string;
  body: string;
  created_at: Timestamp;
}

/** A role's channels per notification type (shared/notification-types.ts). */
export interface RoleNotificationSettingsTable {
  role_id: number;
  notification_type_id: number;
  email: boolean;
  browser: boolean;
}

export type { MaterialStatus };

export interface MaterialCategoriesTable {
  id: Generated<number>;
  company_id: number;
  parent_id: number | null;
  name: string;
  description: string | null;
  status: Generated<MaterialCategoryStatus>;
  preview_image: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: NullableTimestamp;
}

export interface MaterialsTable {
  id: Generated<number>;
  company_id: number;
  /** Unique among the company's live materials; routes and calls name a material by it. */
  name: string;
  description: string | null;
  /** The base material's name when this is a variant. */
  parent_name: string | null;
  status: Generated<MaterialStatus>;
  /** A storage key or an absolute URL. */
  preview_image_url: string | null;
  /** The model using this material; a connected material is not deletable. */
  model_id: number | null;
  /** Its base-colour map (a FileStorage key under `materials/textures/`) for the viewer's sphere; null without one. */
  viewer_texture_key: ColumnType<string | null, string | null | undefined, string | null>;
  creator_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: NullableTimestamp;
}

export interface MaterialCategoryTable {
  material_id: number;
  category_id: number;
}

export type { MaterialImportStatus };

/** An uploaded material archive the worker turns into materials (server/processing/material-import-processing.ts). */
export interface MaterialImportsTable {
  id: Generated<number>;
  company_id: number;
  user_id: number | null;
  category_id: number | null;
  file_key: string;
  file_name: string;
  file_size: ColumnType<number, number, number>;
  status: Generated<MaterialImportStatus>;
  progress: Generated<number>;
  message: string | null;
  /** The result as a stored message (migration 0110): its key under `materials:import.result` and parameters. */
  message_key: string | null;
  message_params: MessageParamsColumn;
  /** The names of the materials created so far. */
  imported: ColumnType<string[], string, string>;
  processing_attempt: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** What a user did in a company (migration 0050, server/domain/activity-recorder.ts). */
export interface UserActivitiesTable {
  id: Generated<number>;
  company_id: number;
  user_id: number;
  action: string;
  subject: string | null;
  /** What was done, as a stored message (shared/messages.ts); null on entries recorded before issue 31. */
  message_key: string | null;
  message_params: MessageParamsColumn;
  created_at: Timestamp;
}

/** One field a record's update changed: its value before and after, as the record's answer shows it, in text. */
export interface FieldChange {
  field: string;
  from: string | number | boolean | null;
  to: string | number | boolean | null;
}

/** An update of a record and the fields it changed (migration 0180, server/db/record-changes.ts). */
export interface RecordChangesTable {
  id: Generated<number>;
  /** Null for a platform entity's record. */
  company_id: number | null;
  user_id: number | null;
  collection: string;
  record_id: number;
  changes: ColumnType<FieldChange[], string, string>;
  created_at: Timestamp;
}

export interface UserNotificationSettingsTable {
  company_id: number;
  user_id: number;
  notification_type_id: number;
  email: boolean;
  browser: boolean;
}

export interface PasswordResetTokensTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface AutodeskOauthStatesTable {
  state_hash: string;
  user_id: number;
  company_id: number;
  redirect_url: string;
  code: string | null;
  expires_at: Timestamp;
  created_at: Timestamp;
}

export interface Database {
  companies: CompaniesTable;
  company_licences: CompanyLicencesTable;
  users: UsersTable;
  roles: RolesTable;
  role_abilities: RoleAbilitiesTable;
  company_user: CompanyUserTable;
  user_licences: UserLicencesTable;
  groups: GroupsTable;
  group_user: GroupUserTable;
  access_tokens: AccessTokensTable;
  notifications: NotificationsTable;
  changelog_items: ChangelogItemsTable;
  app_settings: AppSettingsTable;
  labels: DeclaredFieldsTable<typeof LABEL_FIELDS>;
  projects: ProjectsTable;
  project_labels: ProjectLabelsTable;
  project_user: ProjectUserTable;
  project_favorites: ProjectFavoritesTable;
  project_models: ProjectModelsTable;
  model_geometry_events: ModelGeometryEventsTable;
  model_versions: ModelVersionsTable;
  library_item_versions: LibraryItemVersionsTable;
  uploads: UploadsTable;
  login_attempts: LoginAttemptsTable;
  libraries: LibrariesTable;
  library_items: LibraryItemsTable;
  library_item_libraries: LibraryItemLibrariesTable;
  library_item_geometry_events: LibraryItemGeometryEventsTable;
  library_labels: LibraryLabelsTable;
  live_row_counts: LiveRowCountsTable;
  planned_maintenance: PlannedMaintenanceTable;
  invitations: InvitationsTable;
  mail_outbox: MailOutboxTable;
  role_notification_settings: RoleNotificationSettingsTable;
  downloads: DownloadsTable;
  property_maps: DeclaredFieldsTable<typeof PROPERTY_MAP_FIELDS>;
  material_categories: MaterialCategoriesTable;
  materials: MaterialsTable;
  material_category: MaterialCategoryTable;
  material_imports: MaterialImportsTable;
  user_activities: UserActivitiesTable;
  record_changes: RecordChangesTable;
  user_notification_settings: UserNotificationSettingsTable;
  password_reset_tokens: PasswordResetTokensTable;
  autodesk_oauth_states: AutodeskOauthStatesTable;
  faq_categories: FaqCategoriesTable;
  faq_questions: FaqQuestionsTable;
  issue_reports: IssueReportsTable;
  feedback_reports: FeedbackReportsTable;
  idempotency_keys: IdempotencyKeysTable;
  model_viewpoints: ModelViewpointsTable;
  saved_views: SavedViewsTable;
  share_links: ShareLinksTable;
  model_comments: ModelCommentsTable;
  list_exports: ListExportsTable;
  row_imports: RowImportsTable;
}

/** The first answer to a user's Idempotency-Key (migration 0160); no status while the write is under way. */
export interface IdempotencyKeysTable {
  user_id: number;
  key: string;
  fingerprint: string;
  status_code: number | null;
  content_type: string | null;
  body: string | null;
  created_at: Timestamp;
}

/** FAQ categories and questions (migration 0070): one set for the whole platform. */
export interface FaqCategoriesTable {
  id: Generated<number>;
  name: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface FaqQuestionsTable {
  id: Generated<number>;
  category_id: number;
  question: string;
  answer: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Issue reports (migration 0070): sent by a user of a company, handled by administrators. */
export interface IssueReportsTable {
  id: Generated<number>;
  company_id: number;
  user_id: number | null;
  status: Generated<string>;
  severity: string;
  products: ColumnType<string[], string[] | undefined, string[]>;
  description: string;
  external_link: string | null;
  screenshot: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Feedback reports (migration 0070): a rating of 1 to 5 with an optional comment. */
export interface FeedbackReportsTable {
  id: Generated<number>;
  company_id: number;
  user_id: number | null;
  rating: number;
  comment: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** The `model_viewpoints` table (migration 0220_model_viewpoints). */
export interface ModelViewpointsTable {
  id: Generated<number>;
  company_id: number;
  /** The record it is saved on: exactly one of the two is set. */
  model_id: NullableColumn<number>;
  item_id: NullableColumn<number>;
  name: string;
  /** A jsonb column: the camera when read, JSON text when written. */
  camera: ColumnType<CommentCamera, string, string>;
  created_by: NullableColumn<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** The `saved_views` table (migration 0150_saved_views). */
export interface SavedViewsTable {
  id: Generated<number>;
  company_id: number;
  user_id: number;
  list: string;
  name: string;
  state: ColumnType<SavedViewStateValue, string, string>;
  is_default: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** The `share_links` table (migration 0170_share_links). */
export interface ShareLinksTable {
  id: Generated<number>;
  company_id: number;
  token: string;
  record_type: SharedRecordType;
  record_id: number;
  created_by: number | null;
  expires_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  password_hash: ColumnType<string | null, string | null | undefined, string | null>;
  allow_download: ColumnType<boolean, boolean | undefined, boolean>;
  /** The version the link is pinned to (migration 0230); null: it follows the latest. */
  version: ColumnType<number | null, number | null | undefined, number | null>;
  views: ColumnType<number, number | undefined, number>;
  last_opened_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  revoked_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** The `model_comments` table (migration 0210_model_comments). */
export interface ModelCommentsTable {
  id: Generated<number>;
  company_id: number;
  /** The record it is pinned to: exactly one of the two is set. */
  model_id: NullableColumn<number>;
  item_id: NullableColumn<number>;
  /** The thread of a reply; null for a thread's first comment. */
  parent_id: NullableColumn<number>;
  /** A thread's pin number on its record; null for a reply. */
  number: NullableColumn<number>;
  author_id: NullableColumn<number>;
  body: string;
  point: JsonColumn<Vector3Tuple>;
  normal: JsonColumn<Vector3Tuple>;
  camera: JsonColumn<CommentCamera>;
  version: number;
  /** The ids of the users it mentions (jsonb array). */
  mentions: ColumnType<number[], string | undefined, string>;
  resolved_at: NullableTimestamp;
  resolved_by: NullableColumn<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
  edited_at: NullableTimestamp;
}

/** The `list_exports` table (migration 0250_list_exports). */
export interface ListExportsTable {
  id: Generated<number>;
  company_id: number;
  user_id: number;
  /** The host the export was asked on (the company's), on which its pages are read. */
  host: string;
  /** The list's endpoint below /api/v2. */
  list: string;
  query: string;
  columns: ColumnType<ExportColumn[], string, string>;
  format: ListExportFormat;
  name: string;
  language: string;
  time_zone: string;
  status: ColumnType<ListExportStatus, ListExportStatus | undefined, ListExportStatus>;
  rows_done: ColumnType<number, number | undefined, number>;
  rows_total: ColumnType<number, number | undefined, number>;
  file_key: ColumnType<string | null, string | null | undefined, string | null>;
  processing_attempt: ColumnType<number, number | undefined, number>;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
  finished_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** The `row_imports` table (migration 0260_row_imports): a large file's rows checked or imported as a job. */
export interface RowImportsTable {
  id: Generated<number>;
  company_id: number;
  user_id: number;
  /** The host the job was asked on (the company's), to which its run sends the rows. */
  host: string;
  /** The import endpoint's collection (`users`, `libraries/items`). */
  collection: string;
  write: boolean;
  /** The rows as sent (`[{key?, values}]`); emptied once the job is done. */
  rows: ColumnType<unknown[], string, string>;
  language: string;
  status: ColumnType<ImportJobStatus, ImportJobStatus | undefined, ImportJobStatus>;
  rows_done: ColumnType<number, number | undefined, number>;
  rows_total: number;
  outcome: ColumnType<RowImportOutcome | null, string | null | undefined, string | null>;
  processing_attempt: ColumnType<number, number | undefined, number>;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
  finished_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}
