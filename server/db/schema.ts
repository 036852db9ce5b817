/** Kysely table types: one interface per table of server/db/migrations, kept in step with them. */
import type { ColumnType, Generated } from 'kysely';

/** A timestamp with a database default: optional on insert. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

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
}

export type ChangelogType = 'added' | 'fixed' | 'updated';

export interface ChangelogItemsTable {
  id: Generated<number>;
  type: ChangelogType;
  description: string;
  screenshot: string | null;
  date_on_development: NullableTimestamp;
  date_on_test: NullableTimestamp;
  date_on_acceptance: NullableTimestamp;
  date_on_production: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AppSettingsTable {
  key: string;
  value: ColumnType<unknown, string, string>;
}

export interface LabelsTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  color: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type ProjectStatus = 'active' | 'inactive';

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

export type ModelStatus = 'FINISHED' | 'PROCESSING' | 'QUEUED' | 'UPLOADING' | 'FAILED';

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
}

/** A resumable (tus) upload and who may use it. */
export interface UploadsTable {
  /** The tus upload id (its object in the upload store). */
  id: string;
  /** Its declared kind (server/api/upload-kinds.ts), e.g. 'model-file'. */
  kind: Generated<string>;
  company_id: number;
  user_id: number;
  file_name: string;
  size: number;
  created_at: Timestamp;
}

export interface ModelGeometryEventsTable {
  id: Generated<number>;
  model_id: number;
  message: string;
  created_at: Timestamp;
}

export type LibraryStatus = 'ACTIVE' | 'ARCHIVED';

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
  labels: LabelsTable;
  projects: ProjectsTable;
  project_labels: ProjectLabelsTable;
  project_user: ProjectUserTable;
  project_favorites: ProjectFavoritesTable;
  project_models: ProjectModelsTable;
  model_geometry_events: ModelGeometryEventsTable;
  uploads: UploadsTable;
  login_attempts: LoginAttemptsTable;
  libraries: LibrariesTable;
  live_row_counts: LiveRowCountsTable;
  faq_categories: FaqCategoriesTable;
  faq_questions: FaqQuestionsTable;
  issue_reports: IssueReportsTable;
  feedback_reports: FeedbackReportsTable;
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
