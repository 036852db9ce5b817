/**
 * Comment pins over the 3D view (issue 45): a numbered button per thread at its point of the model, following the
 * camera (placed again after every frame the scene draws, without a render of React), faded where its surface faces
 * away, hidden when its point is behind the camera or off the canvas; a resolved thread's pin is muted, the open
 * thread's marked. A press opens the thread (the page turns the camera to where it was written). The comment being
 * written shows as a pin without a number.
 */
import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Vector3Tuple } from '@shared/entities/model-comments';
import { classNames } from '@/ui/class-names';
import type { ViewerComments } from './viewer-parts';
import type { ViewerScene } from './viewer-scene';

export function CommentPins({ scene, comments }: { scene: ViewerScene; comments: ViewerComments }) {
  const { t } = useTranslation('viewer');
  const layer = useRef<HTMLDivElement>(null);
  const { pins, active, draft, onOpen } = comments;

  useLayoutEffect(() => {
    const root = layer.current;
    if (!root) return;
    const place = () => {
      for (const element of root.querySelectorAll<HTMLElement>('[data-point]')) {
        const point = JSON.parse(element.dataset.point!) as Vector3Tuple;
        const normal = element.dataset.normal ? (JSON.parse(element.dataset.normal) as Vector3Tuple) : null;
        const where = scene.placePin(point, normal);
        element.style.transform = `translate(${where.x.toFixed(1)}px, ${where.y.toFixed(1)}px)`;
        element.hidden = !where.inView;
        element.classList.toggle('viewer__pin--behind', !where.facing);
      }
    };
    place();
    return scene.onDraw(place);
  }, [scene, pins, draft]);

  return (
    <div ref={layer} className="viewer__pins">
      {pins.map((pin) => (
        <button
          key={pin.id}
          type="button"
          className={classNames(
            'viewer__pin',
            pin.resolved && 'viewer__pin--resolved',
            pin.id === active && 'viewer__pin--active',
          )}
          data-point={JSON.stringify(pin.point)}
          data-normal={pin.normal ? JSON.stringify(pin.normal) : undefined}
          data-testid={`comment-pin-${pin.number}`}
          aria-label={pin.label}
          aria-pressed={pin.id === active}
          onClick={() => onOpen(pin.id)}
        >
          {pin.number}
        </button>
      ))}
      {draft && (
        <span
          className="viewer__pin viewer__pin--draft"
          data-point={JSON.stringify(draft)}
          data-testid="comment-pin-draft"
          role="img"
          aria-label={t('comment.draft')}
        >
          +
        </span>
      )}
    </div>
  );
}
