/**
 * The generic tree browser (docs/declarations.md "Tree browser"): a declaration with `tree` (libraries, material
 * categories) is browsed at its list route (the root) and at `tree.route` (one container): breadcrumbs from the
 * root to the container (`tree.breadcrumbs` of its single answer), the heading (the container's name, or the
 * root heading), the intro at the root, then the containers below it and the leaves in it, each the generic
 * declared list (`ListView`) scoped to the current container, with its own paging, sort, search, filters and
 * view in the URL (prefixed per list) and create buttons that create inside the current container.
 */
import { type BaseRecord, type CrudFilter, type HttpError, useOne } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Breadcrumbs } from '@/components/Breadcrumbs';
import { ForbiddenPage } from '@/components/ForbiddenPage';
import { RESOURCES } from '@/resources';
import type { ResourceDeclaration, ResourcePageProps, TreeDeclaration } from '@/declarations/types';
import { Alert } from '@/ui/Alert';
import { Skeleton } from '@/ui/Skeleton';
import { ListView } from '../list/ListView';
import '@/components/page.css';
import './tree.css';

/** A route with the container's id in the declaration's parameter. */
const withId = (path: string, idParam: string, id: string) =>
  `/${path.replace(`:${idParam}`, encodeURIComponent(id))}`;

/** The URL prefix of a list's parameters: its collection's last segment (`libraries.page`, `items.page`). */
const prefixOf = (resource: ResourceDeclaration) => resource.name.split('/').at(-1)!;

const scopeFilter = (field: string, value: string): CrudFilter => ({ field, operator: 'eq', value });

export default function TreeBrowserPage({ resource }: ResourcePageProps) {
  const tree = resource.tree as TreeDeclaration<BaseRecord>;
  const { t } = useTranslation(resource.ns);
  const id = useParams()[resource.idParam];
  const leaves = RESOURCES.find((candidate) => candidate.name === tree.leaves.resource);

  const { result, query } = useOne<BaseRecord, HttpError>({
    resource: resource.name,
    id: id ?? '',
    meta: tree.showMeta,
    queryOptions: { enabled: id !== undefined },
  });
  const container = id !== undefined ? result : undefined;

  if (query.error?.statusCode === 403) return <ForbiddenPage />;

  const rootPath = `/${resource.routes.list}`;
  const crumbs = container ? tree.breadcrumbs(container) : [];
  const heading = id === undefined ? t(tree.texts.heading) : String(container?.name ?? '');
  const titleId = `${resource.screen}-tree-title`;
  const rootValue = tree.rootValue ?? 'null';
  const leafScope =
    id !== undefined
      ? [scopeFilter(tree.leaves.filter, id)]
      : tree.leaves.atRoot === 'unassigned'
        ? [scopeFilter(tree.leaves.filter, rootValue)]
        : [];

  return (
    <div className="tree-page" aria-labelledby={titleId} role="region">
      <Breadcrumbs
        label={t(tree.texts.root)}
        items={[
          { name: t(tree.texts.root), to: rootPath },
          ...crumbs.map((crumb) => ({
            name: crumb.name,
            to: withId(tree.route, resource.idParam, String(crumb.id)),
          })),
        ]}
        loading={id !== undefined && query.isLoading}
      />
      <header className="page-header page-header--stacked">
        <div className="page-header__title">
          <h1 id={titleId}>
            {id !== undefined && query.isLoading ? (
              <Skeleton rows={1} label={t('loading', { ns: 'lists' })} />
            ) : (
              heading
            )}
          </h1>
        </div>
        {id === undefined && tree.texts.intro && <p className="tree-page__intro">{t(tree.texts.intro)}</p>}
      </header>
      {query.isError ? (
        <Alert type="error" role="alert" message={query.error?.message} />
      ) : (
        <>
          <ListView
            key={`containers-${id ?? 'root'}`}
            resource={resource}
            level="section"
            title={t(tree.texts.containers)}
            scope={[scopeFilter(tree.parentFilter, id ?? rootValue)]}
            paramPrefix={prefixOf(resource)}
            createPath={
              id !== undefined && tree.createContainerIn
                ? withId(tree.createContainerIn, resource.idParam, id)
                : undefined
            }
          />
          {leaves?.list && (
            <ListView
              key={`leaves-${id ?? 'root'}`}
              resource={leaves}
              level="section"
              title={t(tree.texts.leaves)}
              scope={leafScope}
              paramPrefix={prefixOf(leaves)}
              createPath={
                id !== undefined && tree.createLeafIn
                  ? withId(tree.createLeafIn, resource.idParam, id)
                  : undefined
              }
            />
          )}
        </>
      )}
    </div>
  );
}
