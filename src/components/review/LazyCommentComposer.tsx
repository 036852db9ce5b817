/**
 * The comment composer as the Comments section places it (issue 45): its code (antd's Mentions and Form) loads when
 * someone first writes, not with the overview; meanwhile a spinner holds its place.
 */
import { type ComponentProps, lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/ui/Spinner';

export type { ComposedComment } from './comment-threads';

const Composer = lazy(() => import('./CommentComposer'));

export function CommentComposer(props: ComponentProps<typeof Composer>) {
  const { t } = useTranslation('models');
  return (
    <Suspense
      fallback={
        <p className="comment-composer" role="status">
          <Spinner size="small" /> {t('comments.opening')}
        </p>
      }
    >
      <Composer {...props} />
    </Suspense>
  );
}
