/**
 * Count tiles, each shown only with its permission (spec 1 §2.4): one per declaration with a `countTile` (projects,
 * libraries and models), counting its list with `count=1`.
 */
import { useList } from '@refinedev/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RequiredAbilities } from '@shared/abilities';
import { formatCount } from '@/lib/intl-formats';
import type { ApiMeta } from '@/providers/list-query';
import type { Authorization } from '@/providers/useAuthorization';
import { RESOURCES } from '@/resources/index';
import type { ResourceDeclaration } from '@/declarations/types';
import { Skeleton } from '@/ui/Skeleton';

interface TileDefinition {
  key: string;
  ability: RequiredAbilities;
  resource: string;
  meta: ApiMeta;
  icon: ReactNode;
  noteKey?: string;
}

/** The tiles of the declarations that have one, in their order: the list ability, count call and icon of each. */
export function countTiles(resources: readonly ResourceDeclaration[]): TileDefinition[] {
  return resources
    .flatMap((resource) => {
      const tile = resource.countTile;
      if (!tile) return [];
      const ability = resource.permission?.ability;
      if (!ability) throw new Error(`The count tile of ${resource.name} needs the resource's list ability.`);
      return [
        {
          order: tile.order,
          key: tile.key,
          ability,
          resource: resource.name,
          meta: { count: true, ...(tile.query && { query: tile.query }) },
          noteKey: tile.noteKey,
          icon: resource.search?.icon ?? resource.navigation?.icon,
        },
      ];
    })
    .sort((a, b) => a.order - b.order)
    .map(({ order: _order, ...tile }) => tile);
}

export const COUNT_TILES: readonly TileDefinition[] = countTiles(RESOURCES);

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
            {query.isError ? t('tiles.unavailable') : formatCount(result.total ?? 0, i18n.resolvedLanguage)}
          </span>
        )}
        {tile.noteKey && <span className="dashboard-tile-note">{t(`tiles.${tile.noteKey}`)}</span>}
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
