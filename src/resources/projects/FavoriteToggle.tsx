/**
 * The favourite star of a project on Designs and Sales (spec 2 §4): it flips at once and tells the server
 * (`PATCH /projects/{id}/favorite`); if the server refuses, it flips back.
 */
import StarFilled from '@ant-design/icons-svg/es/asn/StarFilled';
import StarOutlined from '@ant-design/icons-svg/es/asn/StarOutlined';
import { Glyph } from '@/ui/Glyph';
import { useCustomMutation, useInvalidate } from '@refinedev/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/ui/Button';

export function FavoriteToggle({
  project,
}: {
  project: { id: number; name: string; is_favorited: boolean };
}) {
  const { t } = useTranslation('projects');
  const [favorite, setFavorite] = useState(project.is_favorited);
  const [shown, setShown] = useState(project.is_favorited);
  if (shown !== project.is_favorited) {
    setShown(project.is_favorited);
    setFavorite(project.is_favorited);
  }
  const { mutate } = useCustomMutation();
  const invalidate = useInvalidate();

  const toggle = () => {
    const next = !favorite;
    setFavorite(next);
    mutate(
      {
        url: `/projects/${project.id}/favorite`,
        method: 'patch',
        values: { is_favorited: next },
        successNotification: false,
      },
      {
        onError: () => setFavorite(!next),
        // Favourites sort first: the list order changes with them.
        onSuccess: () => invalidate({ resource: 'projects', invalidates: ['list'] }),
      },
    );
  };

  const label = t(favorite ? 'actions.unfavorite' : 'actions.favorite', { name: project.name });
  return (
    <Button
      variant="text"
      className={favorite ? 'favorite-toggle is-favorite' : 'favorite-toggle'}
      aria-pressed={favorite}
      aria-label={label}
      title={label}
      icon={favorite ? <Glyph icon={StarFilled} /> : <Glyph icon={StarOutlined} />}
      onClick={(event) => {
        event.stopPropagation();
        toggle();
      }}
    />
  );
}
