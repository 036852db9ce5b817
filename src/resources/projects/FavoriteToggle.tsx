/**
 * The favourite star of a project on Designs and Sales (spec 2 §4): it flips at once and tells the server
 * (`PATCH /projects/{id}/favorite`); if the server refuses, it flips back. Every row has one: refine's call is
 * mounted with a star's first click (useMutationOnDemand.tsx), not with each row.
 */
import StarFilled from '@ant-design/icons-svg/es/asn/StarFilled';
import StarOutlined from '@ant-design/icons-svg/es/asn/StarOutlined';
import { Glyph } from '@/ui/Glyph';
import { useCustomMutation, useInvalidate } from '@refinedev/core';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutationOnDemand } from '@/components/useMutationOnDemand';
import { Button } from '@/ui/Button';

/** Marks or unmarks a project as a favourite; favourites sort first, so the lists of projects reload after it. */
function useFavoriteCall() {
  const { mutateAsync } = useCustomMutation();
  const invalidate = useInvalidate();
  return useCallback(
    async ({ id, favorite }: { id: number; favorite: boolean }) => {
      const answer = await mutateAsync({
        url: `/projects/${id}/favorite`,
        method: 'patch',
        values: { is_favorited: favorite },
        successNotification: false,
      });
      void invalidate({ resource: 'projects', invalidates: ['list'] });
      return answer;
    },
    [mutateAsync, invalidate],
  );
}

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
  const favoriteCall = useMutationOnDemand(useFavoriteCall);

  const toggle = () => {
    const next = !favorite;
    setFavorite(next);
    favoriteCall.run({ id: project.id, favorite: next }).catch(() => setFavorite(!next));
  };

  const label = t(favorite ? 'actions.unfavorite' : 'actions.favorite', { name: project.name });
  return (
    <>
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
      {favoriteCall.host}
    </>
  );
}
