/**
 * The generic overview of a record with a declared overview screen (`OverviewPageDeclaration`, issue 43): the
 * breadcrumbs from the list through the declared trail (`trail`, `useTrail`) to the record, the page header (title, badge and the
 * declared actions), the result banner, the declared details (beside the media, or placed by the entity's body)
 * and sections, on the layout of every overview (issue 31). An entity's `<entity>.overview.tsx` declares its
 * screen (`overview.page` loads it with the show route, src/shell/routes/resource-pages.ts); an entity without one
 * shows its list's columns as its details (`columnsOverview`).
 */
import { type BaseRecord, type HttpError, useShow } from '@refinedev/core';
import { Skeleton } from 'antd';
import { Fragment, lazy, type ReactNode, Suspense, useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { Breadcrumbs } from '@/components/Breadcrumbs';
import { renderCell } from '@/components/cells';
import { LoadFailure } from '@/components/LoadFailure';
import { type OverviewDetail, OverviewDetails } from '@/components/OverviewDetails';
import { PageHeader } from '@/components/PageHeader';
import { PageSection } from '@/components/PageSection';
import { ResultBanner } from '@/components/ResultBanner';
import { useOverviewActions } from '@/components/useOverviewActions';
import { useResourcePermissions } from '@/components/useResourcePermissions';
import { type Banner, useResultBanner } from '@/components/useResultBanner';
import type {
  OverviewActionDeclaration,
  OverviewContext,
  OverviewCrumb,
  OverviewFieldDeclaration,
  OverviewPageDeclaration,
  ResourceDeclaration,
  ResourcePage,
  ResourcePageProps,
} from '@/declarations/types';
import { useDeclaredTrail } from './overview-trail';
import '@/components/page.css';

/** A section's related list (`list`): the declared list, loaded only by an overview that shows one. */
const ListView = lazy(() => import('@/pages/list/ListView').then((module) => ({ default: module.ListView })));

/** An empty value without a declared `noneKey`. */
const NONE = '---';

const noTrail = (): OverviewCrumb[] => [];
const noLive = () => undefined;
const noPreload = (_id: string | undefined) => undefined;

const isEmpty = (value: ReactNode) =>
  value === null || value === undefined || value === '' || value === false;

/** A section's declared buttons, of the header's kinds (useOverviewActions), in the declared order. */
function SectionActions<TRecord extends BaseRecord>(props: {
  resource: ResourceDeclaration;
  record: TRecord;
  actions: OverviewActionDeclaration<TRecord>[];
  onResult: (banner: Banner) => void;
}) {
  const { actions, dialogs } = useOverviewActions(props.resource, props.onResult, props.actions);
  return (
    <>
      {actions(props.record).map((action) => action && <Fragment key={action.key}>{action.node}</Fragment>)}
      {dialogs}
    </>
  );
}

function fieldValue<TRecord extends BaseRecord>(
  field: OverviewFieldDeclaration<TRecord>,
  record: TRecord,
  context: OverviewContext,
): ReactNode {
  if (field.render) return field.render(record, context);
  const value: unknown = field.field === undefined ? undefined : record[field.field];
  if (!field.kind) return isEmpty(value as ReactNode) ? undefined : String(value);
  return renderCell(field.kind, value, {
    language: context.language,
    record,
    activeValues: field.activeValues,
    describe: (shown) => context.t(`values.${String(shown)}`, { defaultValue: String(shown ?? '') }),
  });
}

/**
 * The overview screen of an entity that declares none: the list's titled columns as its details, titled by the
 * record's name (or the show title, for a record without one).
 */
export function columnsOverview(resource: ResourceDeclaration): OverviewPageDeclaration {
  const nameField = resource.list?.nameField ?? 'name';
  return {
    titleId: `${resource.screen}-title`,
    title: (record, { t }) => String(record[nameField] ?? '') || t('titles.show'),
    fields: (resource.list?.columns ?? []).flatMap(
      ({ field, titleKey, kind, activeValues, render, visible }) =>
        titleKey
          ? [{ key: field, labelKey: titleKey, field, kind: kind ?? 'text', activeValues, render, visible }]
          : [],
    ),
  };
}

/** The show page of a declared overview screen (the default export of an entity's `<entity>.overview.tsx`). */
export function declaredOverviewPage<TRecord extends BaseRecord>(
  declaration: OverviewPageDeclaration<TRecord>,
): ResourcePage {
  // Chosen once per screen, so each is called on every render of it (hooks).
  const useTrail = declaration.useTrail ?? noTrail;
  const useLive = declaration.useLive ?? noLive;
  const usePreload = declaration.usePreload ?? noPreload;

  function DeclaredOverviewPage({ resource }: ResourcePageProps) {
    const { t, i18n } = useTranslation(resource.ns);
    const { t: tl } = useTranslation('lists');
    const navigate = useNavigate();
    const id = useParams()[resource.idParam];
    const { can, platform } = useResourcePermissions(resource);
    const { banner, show, dismiss, undo, hold } = useResultBanner();
    const { actions, dialogs, removing } = useOverviewActions(resource, show, declaration.actions);
    const { query, result: latest } = useShow<TRecord, HttpError>({
      resource: resource.name,
      id,
      // A screen that applies the pushes itself (`useLive`) needs no reading again on each of them.
      liveMode: declaration.useLive ? 'off' : undefined,
      // A record being deleted is not read again.
      queryOptions: { enabled: removing === undefined },
    });
    // The record's page is a large render (its body, antd's styles, a 3D viewer's frame): as deferred work React
    // renders it in slices between which the browser paints and answers input, instead of one task of 0.2 to 0.3 s
    // (0.5 s at 4× CPU) after the record arrives or changes (`npm run bench:viewer`'s longest task). The skeleton
    // shows meanwhile, also when the record was already read.
    const record = useDeferredValue<TRecord | null>(latest ?? null, null) ?? undefined;
    useLive();
    usePreload(id);
    const trail = [...useDeclaredTrail(declaration.trail, resource, record), ...useTrail(record)];

    const root = declaration.root ?? { labelKey: 'title', to: `/${resource.routes.list ?? ''}` };
    if (query.error) {
      return (
        <LoadFailure
          error={query.error}
          back={{ to: root.to, label: t(declaration.backKey ?? 'lists:backToList') }}
        />
      );
    }
    if (!record) {
      return (
        <section className="show-page" aria-busy>
          <Skeleton active paragraph={{ rows: 8 }} aria-label={tl('loading')} />
        </section>
      );
    }

    const context: OverviewContext = {
      t: (key, options) => t(key, options ?? {}),
      platform,
      can,
      language: i18n.resolvedLanguage,
      navigate: (to) => void navigate(to),
      showBanner: show,
      reload: () => query.refetch(),
    };
    const none = declaration.noneKey ? t(declaration.noneKey) : NONE;
    const title = declaration.title
      ? declaration.title(record, context)
      : String(record[resource.list?.nameField ?? 'name'] ?? '');
    const badge = declaration.badge?.(record, context);
    const details: OverviewDetail[] = (declaration.fields ?? [])
      .filter((field) => !field.visible || field.visible(context))
      .map((field) => {
        const value = fieldValue(field, record, context);
        const label = t(field.labelKey);
        return {
          key: field.key,
          label: field.labelFor ? <label htmlFor={field.labelFor}>{label}</label> : label,
          ...(field.span !== undefined && { span: field.span }),
          children: isEmpty(value) ? none : value,
        };
      });
    const { body: Body, media } = declaration;

    return (
      <section
        className={declaration.className ? `show-page ${declaration.className}` : 'show-page'}
        aria-labelledby={declaration.titleId}
      >
        <Breadcrumbs items={[{ name: t(root.labelKey), to: root.to }, ...trail, { name: title }]} />
        <PageHeader title={<span id={declaration.titleId}>{title}</span>} actions={actions(record)}>
          {badge}
        </PageHeader>
        <ResultBanner banner={banner} onClose={dismiss} undo={undo} hold={hold} />
        {Body ? (
          <Body resource={resource} record={record} context={context} details={details} badge={badge} />
        ) : media ? (
          <div className={media.className}>
            {media.render(record, context)}
            <OverviewDetails items={details} />
          </div>
        ) : (
          details.length > 0 && <OverviewDetails items={details} />
        )}
        {declaration.sections?.map((section) =>
          section.list ? (
            <Suspense key={section.id} fallback={<Skeleton active aria-label={tl('loading')} />}>
              <ListView
                resource={section.list.resource}
                level="section"
                scope={section.list.scope(record)}
                paramPrefix={section.id}
                liveMode={section.list.liveMode}
              />
            </Suspense>
          ) : (
            <PageSection
              key={section.id}
              id={section.id}
              title={t(section.titleKey, section.titleValues?.(record) ?? {})}
              actions={
                section.actions && (
                  <SectionActions
                    resource={resource}
                    record={record}
                    actions={section.actions}
                    onResult={show}
                  />
                )
              }
              className={section.className}
            >
              <section.content record={record} context={context} />
            </PageSection>
          ),
        )}
        {dialogs}
      </section>
    );
  }
  return DeclaredOverviewPage;
}
