/**
 * The declaration of an entity (docs/declarations.md): one object per entity says everything the
 * portal needs to list, create, edit, show and delete it. The refine resource, the route table entries and the
 * side-navigation entry are derived from it (`src/declarations/derive.ts`); the generic pages in `src/pages/`
 * render from it. A screen that really differs replaces only its own page through `pages`.
 */
import type { TObject } from '@sinclair/typebox';
import type { ImportDeclaration } from '@shared/import';
import type { BaseRecord, CrudFilter } from '@refinedev/core';
import type { ComponentType, ReactNode } from 'react';
import type { RequiredAbilities } from '@shared/abilities';
import type { ImageRuleName } from '@shared/image-rules';
import type { ProcessingChannel } from '@shared/channels';
import type { UploadKindName } from '@shared/upload-kinds';
import type { Permission } from '@/lib/permissions';
import type { RouteGuard } from '@/lib/route-guards';
import type { Query } from '@/providers/http-client';

export type ResourceAction = 'list' | 'create' | 'edit' | 'show' | 'clone' | 'delete';
export type PageAction = Exclude<ResourceAction, 'delete'>;

/** What a page of a declared resource receives. */
export interface ResourcePageProps {
  resource: ResourceDeclaration;
  action: PageAction;
  /** Form values a route presets from its parameters (e.g. the parent of a sub-project). */
  presets?: (params: Record<string, string | undefined>) => Record<string, unknown>;
  /** The page's title (resource namespace) when it is not the action's (`titles.<action>`), e.g. 'New Variant'. */
  titleKey?: string;
}

export type ResourcePage = ComponentType<ResourcePageProps>;

/** A page is loaded when its route is first visited (route-level code splitting). */
export type LazyPage = () => Promise<{ default: ResourcePage }>;

/** A route a link leads to, with the navigation state it passes (e.g. `{processor: true}`, `{admin: true}`). */
export interface LinkTarget {
  to: string;
  state?: Record<string, unknown>;
}

export interface ExtraRoute {
  /** Relative to `/`, react-router syntax. */
  path: string;
  /** `screens.<screen>` in common.json names it (also for the "not available yet" page). */
  screen: string;
  page?: LazyPage;
  /**
   * Its screen, as a record's overview screen is declared (`() => import('./projects.manage')`): the project's
   * models managed, rendered by the generic overview page with the record of the route's `:<idParam>`.
   */
  overview?: OverviewScreen;
  /** The action its page performs (a generic page needs it). */
  action?: PageAction;
  presets?: ResourcePageProps['presets'];
  /** Its page's title (resource namespace) when not the action's, e.g. a variant's create form. */
  titleKey?: string;
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

/**
 * Built-in cell renderers; `render` overrides them. `status`: a dot, green for the column's `activeValues`;
 * `statusBadge`: the value in a badge coloured by the record's `status_color`; `color`: a swatch with the value,
 * or (`colorChip`) the value in a chip with a dot of that colour; `boolean`: a check or a cross; `verified`: a
 * check when the value (a date or flag) is set, an envelope when not.
 */
export type CellKind =
  | 'text'
  | 'date'
  | 'datetime'
  | 'image'
  | 'status'
  | 'statusBadge'
  | 'labels'
  | 'avatars'
  | 'count'
  | 'color'
  | 'colorChip'
  | 'boolean'
  | 'verified';

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
  /** `status` cells: the values shown as active (green); any other value is grey. */
  activeValues?: readonly string[];
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

/** An API call an action makes after its confirmation (through refine's custom mutation). */
export interface CallDeclaration {
  method: 'post' | 'patch' | 'put' | 'delete';
  /** Below the tenant API, e.g. `admin/changelog-items/sync` or `projects/models/7/reprocess`. */
  path: string;
  /** The exact confirmation text (resource namespace); the dialog is titled 'Confirmation'. */
  confirmKey: string;
  /** The confirming button's text (resource namespace); 'Confirm' (lists namespace) without one. */
  confirmLabelKey?: string;
  /** The success banner (resource namespace; the answer's fields are its values). */
  successKey: string;
  danger?: boolean;
  /** The body it sends (e.g. `{archived: true}`); none without. */
  values?: Record<string, unknown>;
  /** The call that undoes it (issue 46), offered as its banner's Undo: an archive's unarchive. */
  undo?: Pick<CallDeclaration, 'method' | 'path' | 'values'>;
}

/** What a dialog opened by an action receives: close it, and report a result as the list's banner. */
export interface ActionDialogProps<TRecord extends BaseRecord = BaseRecord> {
  record?: TRecord;
  close(): void;
  /** Shows the banner (success or failure) and refreshes the list. */
  done(result: { type: 'success' | 'error'; text: string }): void;
}

/**
 * A header action's dialog of a few declared fields sent in one call (Invite User): made by `formDialog` of
 * src/components/form-dialog.tsx, which loads it when it first opens.
 */
export interface FormDialogDeclaration {
  /** The texts' namespace. */
  ns: string;
  titleKey: string;
  /**
   * Each a label above its input (`text`, `email`, or a `reference` picking one of the first 100 records by its
   * `labelField`, `placeholderKey` while none is) and the server's message under it; `requiredKey` is the field's
   * own message for any error the server has on it.
   */
  fields: Array<
    Pick<FieldDeclaration, 'name' | 'labelKey' | 'placeholderKey' | 'requiredKey'> &
      (
        | { kind: 'text' | 'email'; reference?: never }
        | { kind: 'reference'; reference: { resource: string; labelField: string } }
      )
  >;
  /** A note below the fields (an information banner). */
  noteKey?: string;
  /** The call sending the values: `POST` to this path. */
  path: string;
  submitKey: string;
  cancelKey: string;
  /** The list's banner after it; `failedKey` where a failure names no field and has no message. */
  successKey: string;
  failedKey: string;
}

/**
 * A row action's rename in place (src/pages/list/RenameInput.tsx): the list's `field` cell becomes an input, saved
 * on Enter or when the focus leaves it, cancelled by Escape. Texts in the resource namespace: the input's name
 * (`labelKey`, given the stored `{{name}}`), the message when it is left empty and the success notification.
 */
export interface RenameDeclaration {
  field: string;
  labelKey: string;
  requiredKey: string;
  successKey: string;
  /** The longest value; 255 without. */
  maxLength?: number;
}

export interface RowActionDeclaration<TRecord extends BaseRecord = BaseRecord> {
  key: string;
  labelKey: string;
  icon?: ReactNode;
  /** Which action's permission it needs (resource `actions`), or its own. */
  needs?: ResourceAction | Permission;
  /**
   * Offered to everyone, disabled with this reason (a translation key in the resource namespace) for a user
   * without `needs`, where the spec shows the entry without a permission but the call behind it needs one
   * (projects' Duplicate, spec 2 §2: a copy is a new project, create-projects).
   */
  withoutPermissionReason?: string;
  /** Shown only for records where this holds (e.g. Reprocess only when FINISHED). */
  visible?: (record: TRecord) => boolean;
  /** Why it is disabled for this record (a translation key in the resource namespace), shown as its tooltip. */
  disabledReason?: (record: TRecord) => string | undefined;
  /** Navigates there (a link), with navigation state. */
  to?: (record: TRecord) => string | LinkTarget;
  /** Leaves the portal's routes for this absolute URL (e.g. another company's host). */
  href?: (record: TRecord) => string;
  /** Runs a call after a confirmation; the list shows the banner and reloads. */
  call?: (record: TRecord) => CallDeclaration;
  /** Opens a dialog. */
  dialog?: ComponentType<ActionDialogProps<TRecord>>;
  /** Renames the record in place (the FAQ's Edit turns the category's name into an input, spec 2 §4). */
  rename?: RenameDeclaration;
  /**
   * Runs the list's declared bulk action of this name (`list.bulk.actions`) on this one record, where the spec
   * has no single-record call for it (libraries are archived and activated only through `POST
   * /libraries/update`, spec 2 §7): the row's confirmation (`confirmKey`, resource namespace; the bulk action's
   * own without one), then `POST /{collection}/update` with this record and the bulk action's banner ('1
   * Libraries successfully archived', spec 2 §8).
   */
  bulk?: { action: string; confirmKey?: string };
  danger?: boolean;
}

/** A button beside the create button (Invite User, Sync, Import): a link, a call after a confirmation or a dialog. */
export interface HeaderActionDeclaration {
  key: string;
  labelKey: string;
  icon?: ReactNode;
  needs?: ResourceAction | Permission;
  to?: LinkTarget;
  call?: CallDeclaration;
  dialog?: ComponentType<ActionDialogProps>;
}

/**
 * A button in the header of a record's overview (issue 43), of one of a few kinds, each implemented once
 * (`src/components/useOverviewActions.tsx`: its label, icon, ability, confirmation, banner and where it leads).
 * The header places them by part: Edit last (primary), Delete before it, the others first in the order declared.
 * Texts are the kind's own keys in the resource namespace (`actions.reprocess`, `reprocessConfirm`, ...).
 */
export type OverviewActionDeclaration<TRecord extends BaseRecord = BaseRecord> =
  /** Edit ('Edit'): to the `edit` route, with the edit ability; none without that route. */
  | { kind: 'edit' }
  /**
   * Delete after the `deletion` confirmation: shown to everyone who may see the record, disabled with why without
   * the ability or where `deletion.disabledReason` says; after it, to `after` with the '{name} {status}' banner.
   */
  | { kind: 'delete'; after: (record: TRecord) => string }
  /**
   * Reprocess (`actions.reprocess`) of a processed record with `needs`: disabled with `reprocessOnlyFinished` unless
   * its status may be reprocessed (FINISHED or FAILED); after `reprocessConfirm`, `POST {collection}/{id}/reprocess`
   * and the `reprocessStarted` banner.
   */
  | { kind: 'reprocess'; needs: ResourceAction | Permission }
  /**
   * Archive or Unarchive (`actions.archive`, `actions.unarchive`) with `needs`: the record's `patch` with
   * `archived`, after `archiveConfirm` or `unarchiveConfirm` where `confirm` (else at once, the button busy), then
   * the `archived` or `unarchived` banner ('{name} Archived...').
   */
  | {
      kind: 'archive';
      needs: ResourceAction | Permission;
      patch: (record: TRecord, archived: boolean) => Pick<CallDeclaration, 'path' | 'values'>;
      confirm?: boolean;
    }
  /**
   * Duplicate (`actions.duplicate`) with the clone ability: `POST` to `path` (the button busy), then to the copy
   * (`to`, given the answer's `data`) with the `duplicated` banner.
   */
  | { kind: 'duplicate'; path: (record: TRecord) => string; to: (copy: TRecord) => string }
  /**
   * A dialog about the record (a FAQ category's New question), the screen's primary button: with `needs`; its
   * `done` shows the banner and reads the record again.
   */
  | {
      kind: 'dialog';
      key: string;
      labelKey: string;
      icon: ReactNode;
      needs?: ResourceAction | Permission;
      /** Among the screen's other buttons rather than its primary one (a model's Share). */
      secondary?: boolean;
      dialog: (props: ActionDialogProps<TRecord>) => ReactNode;
    }
  /** Back to another screen of the record (`labelKey`, the left arrow), first in the header. */
  | { kind: 'back'; labelKey: string; to: (record: TRecord) => string }
  /**
   * A button to another screen of the record (New Variant, a project's Duplicate, its New Model): with `needs`,
   * or offered to everyone and disabled with `withoutPermissionReason` (resource namespace) for a user without
   * it; `primary` where it is the place's main action.
   */
  | {
      kind: 'link';
      key: string;
      labelKey: string;
      icon: ReactNode;
      needs?: ResourceAction | Permission;
      withoutPermissionReason?: string;
      primary?: boolean;
      to: (record: TRecord) => string;
    };

/** A record's overview (its show page): what the page header offers, and the screen where it is declared. */
export interface OverviewDeclaration<TRecord extends BaseRecord = BaseRecord> {
  actions: OverviewActionDeclaration<TRecord>[];
  /**
   * Loads the overview's screen (`() => import('./materials.overview')`, whose default export is
   * `defineOverviewPage(...)`), rendered by the generic overview page (src/pages/show/OverviewPage.tsx); loaded
   * with the show route, so its renderers stay out of the first visit. Without it, the overview shows the list's
   * columns (`columnsOverview`).
   */
  page?: OverviewScreen;
}

/** Loads a declared overview screen: a module whose default export is `defineOverviewPage(...)`. */
export type OverviewScreen = () => Promise<{ default: OverviewPageDeclaration }>;

/** What the parts of a declared overview are given: the render context of a list's cells, and navigation. */
export interface OverviewContext extends RenderContext {
  /** The reader's language (`i18n.resolvedLanguage`), for dates and sizes. */
  language: string | undefined;
  navigate: (to: string) => void;
  /** Shows the result of what a part did in the page's banner (an upload's model created). */
  showBanner: (banner: { type: 'success' | 'error'; text: string }) => void;
  /** Reads the record again (after a part changed what it holds: a FAQ category's questions). */
  reload: () => Promise<unknown>;
}

/** What a part of a declared overview rendered as a component receives (it may use hooks). */
export interface OverviewPartProps<TRecord extends BaseRecord = BaseRecord> {
  record: TRecord;
  context: OverviewContext;
}

/** A step of an overview's breadcrumbs (`Crumb` of src/components/Breadcrumbs.tsx). */
export interface OverviewCrumb {
  name: string;
  to?: string;
}

/**
 * One labelled value of an overview's details card: a renderer, or a cell kind of `field` (as a list's cell). An
 * empty value (null, undefined, '') reads the overview's `noneKey`.
 */
export interface OverviewFieldDeclaration<TRecord extends BaseRecord = BaseRecord> {
  key: string;
  /** The label (resource namespace). */
  labelKey: string;
  /** The label is a `<label for>` of this control in the value (a status changed in place). */
  labelFor?: string;
  /** Columns the value takes; `'filled'`: the rest of its row (OverviewDetails). */
  span?: number | 'filled';
  /** The record field a `kind` shows (the field's value as is without `kind` or `render`). */
  field?: string;
  kind?: CellKind;
  /** A `status` kind's green values. */
  activeValues?: readonly string[];
  render?: (record: TRecord, context: OverviewContext) => ReactNode;
  /** Shown only where this holds (a platform, a permission). */
  visible?: (context: Pick<RenderContext, 'platform' | 'can'>) => boolean;
}

/** The heading of a titled card below the details (PageSection). */
interface OverviewSectionHeading<TRecord extends BaseRecord> {
  /** The heading's id (the section is labelled by it). */
  id: string;
  /** The heading (resource namespace), with `titleValues` (a count). */
  titleKey: string;
  titleValues?: (record: TRecord) => Record<string, unknown>;
  className?: string;
  /** Buttons beside the heading, of the header's kinds (a project's Manage models, New Model), in this order. */
  actions?: OverviewActionDeclaration<TRecord>[];
}

/** A record linked to an overview's record, shown as a link to its own screen (`OverviewLinksDeclaration`). */
export interface OverviewLink {
  key: string | number;
  name: string;
  to: string;
  /** A status dot before the name (a sub-project's active or inactive). */
  status?: { active: boolean; label: string };
}

/**
 * A section's records linked to the overview's record, each a link (a project's sub-projects, a material's variants):
 * the section's `content` is `linksSection({...})` of src/components/overview-links.tsx.
 */
export interface OverviewLinksDeclaration<TRecord extends BaseRecord = BaseRecord> {
  /** The links: taken from the record, or asked for (a hook, called on every render of the section). */
  useLinks: (record: TRecord, context: OverviewContext) => OverviewLink[];
  /** The list's class (`sub-projects`, `material-variants`). */
  className: string;
  /** The text where there are none (resource namespace). */
  emptyKey: string;
}

/** A titled card below the details (PageSection): a material's variants, a project's models. */
export type OverviewSectionDeclaration<TRecord extends BaseRecord = BaseRecord> =
  | (OverviewSectionHeading<TRecord> & {
      content: ComponentType<OverviewPartProps<TRecord>>;
      list?: never;
    })
  | {
      id: string;
      /**
       * Records of another declaration related to this one (a project's models): that declaration's list
       * (its columns, row menu, search, filters and pages) as a section titled by its `title`, asked for with
       * `scope`'s filters.
       */
      list: {
        resource: ResourceDeclaration;
        scope: (record: TRecord) => CrudFilter[];
        /** 'off' where the screen applies the pushes itself (`useLive`). */
        liveMode?: 'off';
      };
      content?: never;
    };

/**
 * Steps of an overview's breadcrumbs between the list and the record, declared (`OverviewPageDeclaration.trail`)
 * and made by the generic overview page (src/pages/show/overview-trail.ts).
 */
export interface OverviewTrailDeclaration {
  /**
   * The record's parent of its own kind (a sub-project's project): read by the id in this field for its name
   * ('Loading...' until it arrives), linked to its overview; no step where the field is empty.
   */
  parent?: { field: string };
  /** The record itself, linked to its overview: the step before a second screen of the record (a project's model management). */
  record?: true;
}

/**
 * The screen of a record's overview (issue 43), rendered by the generic overview page
 * (src/pages/show/OverviewPage.tsx): breadcrumbs from the list through `useTrail` to the record, the title with
 * its badge and the declared header actions (`overview.actions`), the result banner, the details (`fields`, beside
 * `media`, or handed to a `body` that places them) and the `sections`. Declared in a module loaded with the show
 * route (`<entity>.overview.tsx`, named by `overview.page`), so its renderers stay out of the first visit.
 */
export interface OverviewPageDeclaration<TRecord extends BaseRecord = BaseRecord> {
  /** The title's id, which names the page's landmark (`material-title`). */
  titleId: string;
  /** The page's class beside `show-page` (`material-overview`). */
  className?: string;
  /** The first step of the breadcrumbs: the list (resource namespace; `title` and the list route by default). */
  root?: { labelKey: string; to: string };
  /** The way back where the record cannot be loaded (resource namespace; `lists:` for the shared text). */
  backKey?: string;
  /**
   * The steps between the list and the record (a model's project), called on every render, before the record has
   * loaded too: a hook, so a step may load what it names (a project's parent).
   */
  useTrail?: (record: TRecord | undefined) => OverviewCrumb[];
  /** Declared steps of the breadcrumbs instead of `useTrail`: the record's parent, or the record itself. */
  trail?: OverviewTrailDeclaration;
  /** The title; the record's name field by default. */
  title?: (record: TRecord, context: OverviewContext) => string;
  /** Beside the title (the status badge). */
  badge?: (record: TRecord, context: OverviewContext) => ReactNode;
  /**
   * A hook called on every render that applies the pushes about the record itself (live updates of processing):
   * refine does not read the record again on each of them.
   */
  useLive?: () => void;
  /**
   * A hook called on every render with the route's id, before the record has loaded: what a section will ask for,
   * asked for at once instead of after the record (a material's variants, by the name in its URL).
   */
  usePreload?: (id: string | undefined) => void;
  /** The text of an empty value (resource namespace); '---' without. */
  noneKey?: string;
  fields?: OverviewFieldDeclaration<TRecord>[];
  /** Beside the details, in a grid of this class (a preview, the 3D viewer). */
  media?: { className: string; render: (record: TRecord, context: OverviewContext) => ReactNode };
  /**
   * What only this entity shows, in place of the details card: given the rendered `fields` (`details`) and the
   * `badge`, it places them (a processed file's preview or viewer, details and processing history).
   */
  body?: ComponentType<OverviewBodyProps<TRecord>>;
  sections?: OverviewSectionDeclaration<TRecord>[];
  /** The header's actions, in place of the entity's `overview.actions` (a second screen of the record). */
  actions?: OverviewActionDeclaration<TRecord>[];
}

/** Declares an overview's screen with the record type of the show call. */
export const defineOverviewPage = <TRecord extends BaseRecord>(page: OverviewPageDeclaration<TRecord>) =>
  page as unknown as OverviewPageDeclaration;

/** What an overview's `body` receives. */
export interface OverviewBodyProps<
  TRecord extends BaseRecord = BaseRecord,
> extends OverviewPartProps<TRecord> {
  /** The overview's resource: its texts' namespace, and its collection, below which the record's calls go. */
  resource: ResourceDeclaration;
  /** The declared fields, rendered. */
  details: Array<{ key: string; label: ReactNode; span?: number | 'filled'; children: ReactNode }>;
  badge: ReactNode;
}

/** Declares an overview with the record type of the show call (often more than the list's). */
export const defineOverview = <TRecord extends BaseRecord>(overview: OverviewDeclaration<TRecord>) =>
  overview as unknown as OverviewDeclaration;

/**
 * A bulk action on the selected rows: `POST /{collection}/update` with `{action, <field>[n][<idField>]}`, answered
 * `{action, success, failed}` (spec 2 §7). Spec 2 §4/§8's banners: the success text with the count, the failure
 * text with the failed names; a failure suppresses the success; both cleared after 5 s. Spec 2 §5 wants a
 * confirmation before every one of them (delete, archive, activate, move): an action declares its confirmation
 * text (`confirmKey`) or its own dialog (`form`), never neither.
 */
export type BulkActionDeclaration = BulkActionBase &
  (
    | {
        /** Confirmation text (resource namespace), asked before the action runs. */
        confirmKey: string;
        form?: undefined;
      }
    | {
        /**
         * A dialog that asks for the action's further values first (a move's target libraries); it sends them
         * with `submit`, which runs the action (no separate confirmation: the dialog is it).
         */
        form: ComponentType<BulkFormProps>;
        confirmKey?: undefined;
      }
  );

interface BulkActionBase {
  /** The `action` sent (`delete`, `archive`, `activate`). */
  action: string;
  labelKey: string;
  needs?: ResourceAction | Permission;
  /** '{{count}} Libraries successfully deleted'. */
  successKey: string;
  /** 'The following libraries have not been deleted ...; {{names}}'. */
  failureKey: string;
  danger?: boolean;
  /**
   * Why it cannot run on these selected records (a translation key, resource namespace; `lists:` for the shared
   * texts), e.g. Archive when every one is archived already: the button stays, disabled, with the reason as its
   * tooltip and description (issue 33). Judged only when every selected record is among the rows shown.
   */
  disabledReason?: (selected: readonly BaseRecord[]) => string | undefined;
}

/** What the dialog of a bulk action (`form`) receives. */
export interface BulkFormProps {
  /** How many records are selected. */
  count: number;
  close(): void;
  /** Runs the action with these values sent beside `action` and the selected records. */
  submit(values: Record<string, unknown>): Promise<void>;
  /** Where the dialog gives the focus back when it closes (its opener, or the list's heading after the action). */
  returnFocus?: { readonly current: HTMLElement | null };
}

export interface BulkDeclaration {
  /** The form field holding the selected records (`libraries` → `libraries[0][id]`). */
  field: string;
  actions: BulkActionDeclaration[];
  /**
   * Form fields (`form.fields` names) that Edit sets on every selected record at once (issue 46): the action
   * `edit` with `values`, through the server's declared bulk edit, needing `edit`. Its dialog offers a `select`, a
   * `reference` or a `color` field (src/pages/list/BulkEditDialog.tsx); its banner's Undo sends each record what
   * it had before.
   */
  edit?: readonly string[];
  /**
   * Further resources whose lists show what these records change (the libraries' item counts after a move of
   * items): refreshed after every bulk action and after a row's call, dialog or delete, beside the list's own.
   */
  refreshes?: string[];
}

/** Grid or list view: a card per record in the grid. */
export interface CardViewDeclaration<TRecord extends BaseRecord = BaseRecord> {
  card: (record: TRecord, context: RenderContext) => ReactNode;
  /** The view a list opens in. */
  initial: 'grid' | 'list';
  /**
   * Each card carries the row menu (on by default wherever the list has one, so the grid offers what the list
   * rows do; `false` leaves the cards without): its three-dot button ('Actions for {name}'), and a right-click
   * (or the context-menu key, or Shift+F10, on the focused card) opens the same menu at the pointer.
   */
  menu?: boolean;
}

/** Where a row click leads: a route (with navigation state) or a dialog; `needs` gates it. */
export interface RowClickDeclaration<TRecord extends BaseRecord = BaseRecord> {
  to?: (record: TRecord) => string | LinkTarget;
  dialog?: ComponentType<ActionDialogProps<TRecord>>;
  needs?: ResourceAction | Permission;
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
  /** Buttons beside the create button. */
  headerActions?: HeaderActionDeclaration[];
  /** The navigation state the create button passes (e.g. `{admin: true}`). */
  createState?: Record<string, unknown>;
  /**
   * Where the spec shows the create button to everyone but lets only some create (spec 2 Tools: anyone sees New
   * Download, only administrators add one): for the others it stays, disabled, with this reason (resource
   * namespace) as its tooltip and description, rather than leading to a refusal (issue 31).
   */
  createDisabledKey?: string;
  /** Where a row click leads, if anywhere (and what it needs). */
  rowLink?: RowClickDeclaration<TRecord>;
  /** Row selection with bulk actions. */
  bulk?: BulkDeclaration;
  /**
   * Import from a CSV or Excel file (issue 46): the entity's `*_IMPORT` of shared/entities/<entity>-values.ts, which
   * the server's import endpoints read too. Its fields are form fields; the list gets Import CSV/Excel
   * (src/pages/list/import/) for users who may create or edit.
   */
  import?: ImportDeclaration;
  /** Grid or list view with a card per record. */
  cards?: CardViewDeclaration<TRecord>;
  /** The list's loading text ('Loading Users...'), resource namespace; 'Loading...' without one. */
  loadingKey?: string;
  /** The list's empty text ('No Libraries Found'), resource namespace; 'no results found' without one. */
  emptyKey?: string;
  /** `meta` for the list call (e.g. `included_fields`). */
  meta?: Record<string, unknown>;
  /** The name field shown in confirmations and banners. */
  nameField?: string;
  /**
   * Filters a list starts with when the URL says nothing of them (e.g. FINISHED items on customerportal); the
   * user may change or clear them.
   */
  defaultFilters?: (context: Pick<RenderContext, 'platform'>) => Record<string, string[]>;
}

/** What a list's request depends on: the parts of its declaration a first visit needs before the declarations load. */
export type ListRequestDeclaration = Pick<
  ListDeclaration,
  'sortKey' | 'defaultSort' | 'sortPrefix' | 'pageSize' | 'filters' | 'meta' | 'defaultFilters'
>;

/**
 * A generic list's request settings, in a small file of their own beside the declaration
 * (`src/resources/<entity>/list-settings.ts`, its default export): the API collection, the list route and the
 * list's request parts. The declaration takes its `name`, `routes.list` and those `list` parts from it, and the
 * entry finds every such file (src/shell/routes/first-lists.ts) to ask for a first visit's rows without loading
 * the declarations: both read the one statement.
 */
export interface ListSettings {
  /** The API collection: the declaration's `name`. */
  name: string;
  /** The list route: the declaration's `routes.list`. */
  route: string;
  list: ListRequestDeclaration;
}

/**
 * A declared overview's record settings, in a small file of their own beside the declaration
 * (`src/resources/<entity>/overview-settings.ts`, its default export): the API collection, the overview route and
 * its record parameter. The declaration takes its `name`, `routes.show` and `idParam` from it, and the entry finds
 * every such file (src/shell/routes/first-overviews.ts) to ask for a first visit's record without loading the
 * declarations: both read the one statement.
 */
export interface OverviewSettings {
  /** The API collection: the declaration's `name`. */
  name: string;
  /** The overview route, with the record's `:<idParam>`: the declaration's `routes.show`. */
  route: string;
  idParam: string;
}

export type FieldKind =
  | 'text'
  | 'number'
  | 'textarea'
  | 'email'
  | 'tel'
  | 'password'
  | 'datetime'
  /** A calendar date: the value is `YYYY-MM-DD`, as the API sends and takes it. */
  | 'date'
  | 'select'
  | 'checkboxes'
  | 'reference'
  | 'image'
  | 'file'
  | 'color'
  | 'switch'
  /** One to five stars (antd's Rate); the value is the number. */
  | 'rating';

/** What a field's own input (`FieldDeclaration.input`) receives: antd's Form.Item value and change, and the field. */
export interface FieldInputProps {
  id?: string;
  value?: unknown;
  onChange?: (value: unknown) => void;
  field: FieldDeclaration;
  /** The resource's translation namespace. */
  ns: string;
}

export interface FieldDeclaration {
  /** The field sent; dots nest it (`licenses.hatch` → `{licenses: {hatch}}`, `licenses[hatch]` in a form body). */
  name: string;
  labelKey: string;
  kind: FieldKind;
  /** Only for forms without a `schema` (with one, the schema says what is required and how long). */
  required?: boolean;
  maxLength?: number;
  /** Options of a `select` or a `checkboxes` group. */
  options?: FilterOption[];
  /** A `reference` picks records of another resource. */
  reference?: {
    resource: string;
    labelField: string;
    multiple?: boolean;
    permission?: Permission;
    /** Query parameters of the picker's list call (`{include_sub_projects: 1}`). */
    query?: Query;
  };
  /** What an empty `select` or `reference` picker says (resource namespace), e.g. 'No project'. */
  placeholderKey?: string;
  /**
   * The message when the field is left empty, which makes it required (a model's file: 'Choose the model file'); a
   * file field on edit keeps the record's file and is never required.
   */
  requiredKey?: string;
  /** Where the value lives on a record when it differs from `name` (e.g. `labels` records for `labels[]` ids). */
  fromRecord?: (record: BaseRecord) => unknown;
  /** A hint below the input (resource namespace), e.g. what a subdomain may hold. */
  helpKey?: string;
  /** A `color` field that takes an alpha channel too (`#rrggbbaa`). */
  alpha?: boolean;
  /**
   * What the submit sends for the field's value when the API wants another shape (e.g. ticked checkboxes
   * `['development']` as the flags `{development: true, test: false}`).
   */
  toPayload?: (value: unknown) => unknown;
  /**
   * The kind of picture an `image` field takes (shared/image-rules.ts; a preview without): its types, and whether
   * it is sent resized (previews, logos) or whole (a screenshot).
   */
  image?: ImageRuleName;
  /**
   * A `file` field: the declared upload kind (sent as the tus metadata `kind`); the form sends the upload's id. Save
   * waits, reading 'Uploading...', while the file is on its way.
   */
  upload?: UploadKindName;
  /** A `file` field's text in its drop zone (resource namespace), on create and on edit; the accepted types without. */
  uploadHint?: Partial<Record<'create' | 'edit', string>>;
  /** A `file` field's chosen file names this field (its name without extension) unless the user typed one. */
  namesField?: string;
  /** A `file` field on edit says which file the record holds now ('Current file: lobby.fbx (4.1 kB)'). */
  currentFile?: (record: BaseRecord) => { name: string; size: number } | null | undefined;
  /** Which form tab it belongs to (tabs are declared on the form). */
  tab?: string;
  /** Only on create, or only on edit. */
  only?: 'create' | 'edit';
  /** The value a new record starts with. */
  initial?: unknown;
  /**
   * An input of the entity's own for a value no built-in kind edits (e.g. abilities grouped by area); `kind` still
   * says how the value is read from a record and sent. Declare it with `lazy(() => import('@/resources/MyInput'))`, so it
   * loads with the form and not with the registry every screen loads (the form renders it in a Suspense).
   */
  input?: ComponentType<FieldInputProps>;
}

export interface FormDeclaration {
  fields: FieldDeclaration[];
  /**
   * Loads the entity's shared input schema (`<Entity>InputSchema` in `shared/entities/`): the client-side rules of
   * the fields come from it (required, lengths, pattern, enum, email format), never written a second time. It is
   * a dynamic import (`() => import('@shared/entities/labels').then((entity) => entity.LabelInputSchema)`), so
   * TypeBox loads with the form, not with the registry every screen loads.
   */
  schema?: () => Promise<TObject>;
  /** Duplicating posts to `{name}/{id}/{cloneEndpoint}` (the server copies what a form cannot, e.g. files). */
  cloneEndpoint?: string;
  /** The field that gets the ' (copy)' suffix when duplicating. */
  cloneNameField?: string;
  /**
   * A new record that starts from another of the resource: on a create route with this route parameter (the
   * other's key), the listed fields start with that record's values, which the user may change (a material
   * variant takes its base's categories and preview: `{param: 'baseMaterialName', fields: [...]}`).
   */
  inheritFrom?: { param: string; fields: readonly string[] };
  /** Tabs in order; the URL's `?tab=` opens one (its position, 1-based, or its key). */
  tabs?: Array<{ key: string; labelKey: string }>;
  /**
   * Where Save leads (issue 31: to the saved record, or where it is listed): the list (default), a route of the
   * record (`show`, `edit`), the path a function gives for the saved record (a library's parent library), or
   * `back` one page (spec 2's changelog form) when that page is a portal screen, else the list. Cancel goes back
   * one page when that page is a portal screen, else to the list (`fallbackPath` where there is none).
   */
  redirect?: 'list' | 'show' | 'edit' | 'back' | ((record: BaseRecord) => string);
  /**
   * The list a form of a resource without a list route falls back to (`/materials`, `/libraries`): Cancel on a
   * form opened directly, and Save with `redirect: 'list'` or `back`. An edit form with a `show` route falls
   * back to the record's overview instead.
   */
  fallbackPath?: string | ((params: Record<string, string | undefined>) => string);
  /** The collection creates and updates go to when it is not the resource's (`admin/questions/categories`). */
  endpoint?: string;
  /** The text shown while an edit form loads its record ('Loading existing data...'), resource namespace. */
  loadingKey?: string;
  /** The notice after saving (resource namespace); 'Saved' (lists namespace) without one. */
  successKey?: string;
}

export interface DeletionDeclaration {
  /** The exact confirmation text (resource namespace). */
  confirmKey: string;
  /** The row menu's entry and the confirmation's button (resource namespace), e.g. Revoke; 'Delete' without one. */
  labelKey?: string;
  /** The key holding the name in the API's delete answer, e.g. `project_name` for `{project_name, status}`. */
  answerNameKey: string;
  /** The banner after deleting, where the spec has a text of its own ('Category deleted successfully'). */
  successKey?: string;
  /**
   * Why a record cannot be deleted (a translation key, resource namespace), e.g. when `is_deletable` is false:
   * the Delete entry is disabled with this as its tooltip.
   */
  disabledReason?: (record: BaseRecord) => string | undefined;
  /**
   * Delete runs the list's bulk action `delete` on this one record, after this confirmation, with the bulk
   * banner ('1 Libraries successfully deleted'), where the spec deletes only through `POST /{collection}/update`
   * (spec 2 §7: libraries and material categories have no single delete call).
   */
  bulk?: boolean;
}

export interface NavigationDeclaration {
  labelKey: string;
  icon: ReactNode;
  /** Place among the top-level entries, or inside a group. */
  group?: 'security' | 'tools' | 'admin';
  order: number;
  /**
   * What shows the entry when it is not the resource's `permission`: /materials is the material categories' list,
   * but its entry needs list-materials (spec 1 §6).
   */
  permission?: Permission;
}

/**
 * The entity's group in the global search (spec 1 §2.6, §6). The defaults come from the declaration: the
 * ability from `permission`, View All from the list route, a row opens the overview (or else the edit) screen,
 * the icon is the navigation entry's.
 */
export interface SearchDeclaration<TRecord extends BaseRecord = BaseRecord> {
  /** `groups.<key>` in search.json, and the category's key in the stored search settings. */
  key: string;
  /** Place among the groups. */
  order: number;
  /** The permission that shows the group; the resource's list ability when omitted. */
  ability?: RequiredAbilities;
  platform?: 'hatch';
  viewAll?: string;
  viewAllLabel?: 'viewAll' | 'viewUsers';
  rowTarget?: (record: TRecord) => LinkTarget;
  /** Rows open only with this ability (e.g. `update-labels`). */
  rowAbility?: RequiredAbilities;
  /** The sort field of 'Modified' when it is not updated_at. */
  defaultSort?: string;
  icon?: ReactNode;
}

/**
 * The entity's tab in the recycling bin (/tools/trash, spec 2 Tools, §4, §9): its trashed rows (`trashed=1`, 10
 * per page, `-deleted_at` unless the user picked another sort) with name, deletion date, days left and preview,
 * and Restore (`GET {name}/{key}/restore`) with restore-deleted-entities. The tab shows where the user holds the
 * resource's `permission`.
 */
export interface RecyclingBinDeclaration {
  /** `tabs.<tabKey>` in recycling-bin.json names the tab (and `?tab=` opens it). */
  tabKey: string;
  /**
   * Place among the tabs, in spec 2's order: Projects 10, Models 20, Libraries 30, Items 40, Material Categories
   * 50, Materials 60.
   */
  order: number;
  /** Key of the tab's stored sort under `user_sorts` (spec 2 §3). */
  sortKey: string;
  /** The field holding the trashed record's preview image URL, where it has one. */
  preview?: string;
  /** The field holding its name; `name` by default. */
  nameField?: string;
}

/**
 * The entity's count tile on the dashboard (spec 1 §2.4): the count of its list (`count=1`, with `query` besides),
 * shown where the user holds the list ability of the resource's `permission`, named `tiles.<key>` in
 * dashboard.json, with the icon of its search group (or else its navigation entry).
 */
export interface CountTileDeclaration {
  /** `tiles.<key>` names the tile; also its test id (`count-<key>`) and style (`dashboard-tile-<key>`). */
  key: string;
  /** Place among the tiles: projects 10, libraries 20, models 30. */
  order: number;
  /** Further list parameters of the count (`{include_sub_projects: 1}`). */
  query?: Query;
  /** `tiles.<noteKey>`: what the count holds, under it, where it differs from the list (sub-projects counted). */
  noteKey?: string;
}

/** One step of a tree browser's breadcrumbs: a container. */
export interface TreeCrumb {
  id: string | number;
  name: string;
}

/**
 * A tree browser (docs/declarations.md "Tree browser"): the declaration is the container entity (libraries, material
 * categories), browsed at its list route (the root) and at `route` (one container): breadcrumbs from the root,
 * a heading, the intro text at the root, then the containers below the current one and the leaves in it (the
 * leaf resource's declared list), each with its own paging, sort, search and filters in the URL, grid/list
 * view, row menu, bulk actions and empty text. Both lists are the generic list (`ListView`) of their
 * declarations, scoped by the parent filters below.
 */
export interface TreeDeclaration<TRecord extends BaseRecord = BaseRecord> {
  /** The route of one container, with the declaration's `:<idParam>` (`libraries/:libraryId`). */
  route: string;
  /** `screens.<screen>` in common.json naming that route. */
  screen: string;
  /** The list filter of the containers below a container (`parent_id`); the root sends `rootValue`. */
  parentFilter: string;
  /** What `parentFilter` is at the root (default `null`). */
  rootValue?: string;
  /** The chain from the root to the container, the container last, from its single answer (`meta_data`). */
  breadcrumbs: (record: TRecord) => TreeCrumb[];
  /** `meta` of the container's single call (e.g. `included_fields` name and meta_data). */
  showMeta?: Record<string, unknown>;
  /** The leaves listed in each container: their declaration's `name` and the filter naming their container. */
  leaves: {
    resource: string;
    filter: string;
    /** Whether the root lists every leaf (default) or only those without a container (`filter=null`). */
    atRoot?: 'all' | 'unassigned';
  };
  /** Texts in the container's namespace. */
  texts: {
    /** The breadcrumbs' root ('Libraries'). */
    root: string;
    /** The heading at the root ('Items'); a container's heading is its name. */
    heading: string;
    /** The intro under the heading at the root. */
    intro?: string;
    /** The headings of the two lists ('Libraries', 'Items'). */
    containers: string;
    leaves: string;
  };
  /** Create routes below the current container, with `:<idParam>` (`libraries/create/:libraryId`). */
  createContainerIn?: string;
  createLeafIn?: string;
}

export interface ResourceDeclaration<TRecord extends BaseRecord = BaseRecord> {
  /** refine resource name and API collection path (`projects`, `projects/models`). */
  name: string;
  /** The field that keys a record in routes and calls (`id`, or `name` for materials; URL-encoded). */
  idField?: string;
  /**
   * The API collection its writes (create, update, delete) go to when it differs from `name`: downloads are read
   * from `downloads` and written under `admin/downloads` (spec 2 §7).
   */
  writeCollection?: string;
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
  /** Its group in the global search. */
  search?: SearchDeclaration<TRecord>;
  list?: ListDeclaration<TRecord>;
  form?: FormDeclaration;
  deletion?: DeletionDeclaration;
  /** Realtime events on the company channel that refresh this resource's queries. */
  liveEvents?: string[];
  /** The company sub-channel they arrive on (`ProjectModel` → `private-Company.{id}.ProjectModel`). */
  liveChannel?: ProcessingChannel;
  /** Its overview: the header actions (Edit alone, where it has an edit route, without) and its declared screen. */
  overview?: OverviewDeclaration;
  /** Pages that differ from the generic ones. */
  pages?: Partial<Record<PageAction, LazyPage>>;
  /** Its tab in the recycling bin (soft-deleted entities). */
  recyclingBin?: RecyclingBinDeclaration;
  /** Its count tile on the dashboard. */
  countTile?: CountTileDeclaration;
  /** Browsed as a tree: the list route and `tree.route` show the generic tree browser (src/pages/tree/). */
  tree?: TreeDeclaration<TRecord>;
}

/** Declares a resource with its record type checked against columns and actions. */
export const defineResource = <TRecord extends BaseRecord>(declaration: ResourceDeclaration<TRecord>) =>
  declaration as unknown as ResourceDeclaration;
