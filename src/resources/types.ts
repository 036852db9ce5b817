/**
 * The declaration of an entity (ARCHITECTURE.md "Adding an entity"): one object per entity says everything the
 * portal needs to list, create, edit, show and delete it. The refine resource, the route table entries and the
 * side-navigation entry are derived from it (`src/resources/derive.ts`); the generic pages in `src/pages/`
 * render from it. A screen that really differs replaces only its own page through `pages`.
 */
import type { BaseRecord } from '@refinedev/core';
import type { ComponentType, ReactNode } from 'react';
import type { Permission } from '@/lib/permissions';
import type { RouteGuard } from '@/shell/routes/guards';

export type ResourceAction = 'list' | 'create' | 'edit' | 'show' | 'clone' | 'delete';
export type PageAction = Exclude<ResourceAction, 'delete'>;

/** What a page of a declared resource receives. */
export interface ResourcePageProps {
  resource: ResourceDeclaration;
  action: PageAction;
  /** Form values a route presets from its parameters (e.g. the parent of a sub-project). */
  presets?: (params: Record<string, string | undefined>) => Record<string, unknown>;
}

export type ResourcePage = ComponentType<ResourcePageProps>;

/** A page is loaded when its route is first visited (route-level code splitting). */
export type LazyPage = () => Promise<{ default: ResourcePage }>;

export interface ExtraRoute {
  /** Relative to `/`, react-router syntax. */
  path: string;
  /** `screens.<screen>` in common.json names it (also for the "not available yet" page). */
  screen: string;
  page?: LazyPage;
  /** The action its page performs (a generic page needs it). */
  action?: PageAction;
  presets?: ResourcePageProps['presets'];
  /** Its route guard, when it differs from the resource's. */
  guard?: RouteGuard;
}

/** Paths are relative to `/` and use the spec's parameter names (`projects/edit/:projectId`). */
export interface ResourceRoutes {
  list?: string;
  create?: string;
  /** With the record's `:<idParam>`. */
  edit?: string;
  show?: string;
  clone?: string;
  /** Further screens of the entity (e.g. `projects/create/:parentId`, `projects/manage/:id`). */
  extra?: ExtraRoute[];
}

export interface RenderContext {
  /** Translates in the resource's namespace. */
  t: (key: string, options?: Record<string, unknown>) => string;
  platform: 'hatch' | 'customerportal';
  /** An action of this resource (`'edit'`) or a permission of its own. */
  can: (needs: ResourceAction | Permission | undefined) => boolean;
}

/** Built-in cell renderers; `render` overrides them. */
export type CellKind = 'text' | 'date' | 'datetime' | 'image' | 'status' | 'labels' | 'avatars' | 'count';

export interface ColumnDeclaration<TRecord extends BaseRecord = BaseRecord> {
  /** The record field (and the column key). */
  field: string;
  /** Translation key (resource namespace) of the header; omitted for icon-only columns. */
  titleKey?: string;
  kind?: CellKind;
  /** The API sort field when the column is sortable. */
  sort?: string;
  width?: number | string;
  /** Long text is cut with an ellipsis (and shown whole in a tooltip). */
  ellipsis?: boolean;
  /** Hidden below this breakpoint. */
  hideBelow?: 'sm' | 'md' | 'lg' | 'xl';
  render?: (record: TRecord, context: RenderContext) => ReactNode;
  /** Shown only where this holds (e.g. the favourite column on customerportal). */
  visible?: (context: Pick<RenderContext, 'platform' | 'can'>) => boolean;
}

export interface FilterOption {
  value: string;
  /** A translation key in the resource namespace, or a literal label coming from data (`label`). */
  labelKey?: string;
  label?: string;
  color?: string;
}

export interface FilterDeclaration {
  /** The API filter: `filter[<key>]`, and the URL parameter. */
  key: string;
  labelKey: string;
  multiple?: boolean;
  /** Fixed options, or options read from the list response (e.g. `meta_data.filters.labels`). */
  options: FilterOption[] | ((response: { meta_data?: unknown }) => FilterOption[]);
}

export interface RowActionDeclaration<TRecord extends BaseRecord = BaseRecord> {
  key: string;
  labelKey: string;
  icon?: ReactNode;
  /** Which action's permission it needs (resource `actions`), or its own. */
  needs?: ResourceAction | Permission;
  /** Navigates there. */
  to?: (record: TRecord) => string;
  danger?: boolean;
}

export interface ListDeclaration<TRecord extends BaseRecord = BaseRecord> {
  /** Key of the stored sort under `user_sorts` (spec 2 §3). */
  sortKey: string;
  /** Laravel sort string, e.g. `-created_at`; `sortPrefix` may prepend to it (and to a stored sort). */
  defaultSort: string;
  sortPrefix?: (context: Pick<RenderContext, 'platform'>) => string | undefined;
  pageSize: number;
  columns: ColumnDeclaration<TRecord>[];
  filters?: FilterDeclaration[];
  /** Extra row-menu entries (delete is added from `deletion`). */
  rowActions?: RowActionDeclaration<TRecord>[];
  /** Where a row click leads, if anywhere (and what it needs). */
  rowLink?: { to: (record: TRecord) => string; needs?: ResourceAction | Permission };
  /** `meta` for the list call (e.g. `included_fields`). */
  meta?: Record<string, unknown>;
  /** The name field shown in confirmations and banners. */
  nameField?: string;
}

export type FieldKind = 'text' | 'textarea' | 'select' | 'reference' | 'image' | 'color' | 'switch';

export interface FieldDeclaration {
  name: string;
  labelKey: string;
  kind: FieldKind;
  required?: boolean;
  maxLength?: number;
  /** Options of a `select`. */
  options?: FilterOption[];
  /** A `reference` picks records of another resource. */
  reference?: { resource: string; labelField: string; multiple?: boolean; permission?: Permission };
  /** Where the value lives on a record when it differs from `name` (e.g. `labels` records for `labels[]` ids). */
  fromRecord?: (record: BaseRecord) => unknown;
  /** Image types accepted by an `image` field. */
  accept?: string;
  /** Which form tab it belongs to (tabs are declared on the form). */
  tab?: string;
  /** Only on create, or only on edit. */
  only?: 'create' | 'edit';
  /** The value a new record starts with. */
  initial?: unknown;
}

export interface FormDeclaration {
  fields: FieldDeclaration[];
  /** Duplicating posts to `{name}/{id}/{cloneEndpoint}` (the server copies what a form cannot, e.g. files). */
  cloneEndpoint?: string;
  /** The field that gets the ' (copy)' suffix when duplicating. */
  cloneNameField?: string;
  /** Tabs in order; the URL's `?tab=` opens one (its position, 1-based, or its key). */
  tabs?: Array<{ key: string; labelKey: string }>;
  /** Where to go after saving. */
  redirect?: 'list' | 'show' | 'edit';
}

export interface DeletionDeclaration {
  /** The exact confirmation text (resource namespace). */
  confirmKey: string;
  /** The key holding the name in the API's delete answer, e.g. `project_name` for `{project_name, status}`. */
  answerNameKey: string;
}

export interface NavigationDeclaration {
  labelKey: string;
  icon: ReactNode;
  /** Place among the top-level entries, or inside a group. */
  group?: 'security' | 'tools' | 'admin';
  order: number;
}

export interface ResourceDeclaration<TRecord extends BaseRecord = BaseRecord> {
  /** refine resource name and API collection path (`projects`, `projects/models`). */
  name: string;
  /** Translation namespace of the entity's texts (`public/locales/{en,nl}/<ns>.json`). */
  ns: string;
  /** `screens.<screen>.<action>` in common.json names its pages. */
  screen: string;
  routes: ResourceRoutes;
  /** The route parameter holding a record's id in `routes` (`projectId`). */
  idParam: string;
  /**
   * Route guards (spec 1 §2.7, §2.8, §6): for every route of the resource, and per action where it differs
   * (e.g. hatch-only create and edit). Data permissions (`permission`, `actions`) are checked by the API and by
   * `can`; the guards decide not-found, /portal and /unauthorized before a page renders.
   */
  guard?: RouteGuard;
  actionGuards?: Partial<Record<PageAction, RouteGuard>>;
  /** Needed for everything on the resource (platform, list ability). */
  permission?: Permission;
  /** Needed in addition per action. */
  actions?: Partial<Record<ResourceAction, Permission>>;
  navigation?: NavigationDeclaration;
  list?: ListDeclaration<TRecord>;
  form?: FormDeclaration;
  deletion?: DeletionDeclaration;
  /** Realtime events on the company channel that refresh this resource's queries. */
  liveEvents?: string[];
  /** The company sub-channel they arrive on (`ProjectModel` → `private-Company.{id}.ProjectModel`). */
  liveChannel?: string;
  /** Pages that differ from the generic ones. */
  pages?: Partial<Record<PageAction, LazyPage>>;
}

/** Declares a resource with its record type checked against columns and actions. */
export const defineResource = <TRecord extends BaseRecord>(declaration: ResourceDeclaration<TRecord>) =>
  declaration as unknown as ResourceDeclaration;
