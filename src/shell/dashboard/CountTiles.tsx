/** Count tiles for projects, libraries and models, each shown only with its permission (spec 1 §2.4). */
import { AppstoreOutlined, BlockOutlined, FolderOpenOutlined } from '@ant-design/icons';
import { useList } from '@refinedev/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { numberFormat } from '@/lib/intl-formats';
import type { ApiMeta } from '@/providers/list-query';
import type { Authorization } from '@/providers/useAuthorization';
import { Skeleton } from '@/ui/Skeleton';

interface TileDefinition {
  key: 'projects' | 'libraries' | 'models';
  ability: string;
  resource: string;
  meta: ApiMeta;
  icon: ReactNode;
}

export const COUNT_TILES: readonly TileDefinition[] = [
  {
    key: 'projects',
    ability: 'view-projects',
    resource: 'projects',
    meta: { count: true, query: { include_sub_projects: 1 } },
    icon: <FolderOpenOutlined />,
  },
  {
    key: 'libraries',
    ability: 'list-libraries',
    resource: 'libraries',
    meta: { count: true },
    icon: <AppstoreOutlined />,
  },
  {
    key: 'models',
    ability: 'list-project-models',
    resource: 'projects/models',
    meta: { count: true },
    icon: <BlockOutlined />,
  },
];

function CountTile({ tile }: { tile: TileDefinition }) {
  const { t, i18n } = useTranslation('dashboard');
  const { t: tl } = useTranslation('lists');
  const { result, query } = useList({ resource: tile.resource, meta: tile.meta, errorNotification: false });
  const label = t(`tiles.${tile.key}`);

  return (
    <article className={`surface-card dashboard-tile dashboard-tile-${tile.key}`} aria-label={label}>
      <span className="dashboard-tile-icon" aria-hidden>
        {tile.icon}
      </span>
      <div className="dashboard-tile-body">
        <span className="dashboard-tile-label">{label}</span>
        {query.isLoading ? (
          <Skeleton rows={0} label={tl('loading')} className="dashboard-tile-skeleton" />
        ) : (
          <span className="dashboard-tile-value" data-testid={`count-${tile.key}`}>
            {query.isError
              ? t('tiles.unavailable')
              : numberFormat(i18n.resolvedLanguage).format(result.total ?? 0)}
          </span>
        )}
      </div>
    </article>
  );
}

export function CountTiles({ authorization }: { authorization: Authorization }) {
  const { t } = useTranslation('dashboard');
  const tiles = COUNT_TILES.filter((tile) => authorization.can(tile.ability));
  if (!tiles.length) return null;
  return (
    <section className="dashboard-tiles" aria-label={t('tiles.title')}>
      {tiles.map((tile) => (
        <CountTile key={tile.key} tile={tile} />
      ))}
    </section>
  );
}
