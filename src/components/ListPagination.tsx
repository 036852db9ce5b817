/** A list's pages (spec 2 §2, §9): shown only when Laravel's `meta.links` has more than 3 links. */
import { useTranslation } from 'react-i18next';
import type { LaravelListMeta } from '@/providers/list-query';
import { Pagination } from '@/ui/Pagination';

/** Laravel's meta.links holds Previous, the pages and Next: more than 3 links means more than one page. */
export const showsPagination = (links: readonly unknown[] | undefined) => (links?.length ?? 0) > 3;

export function ListPagination({
  meta,
  onChange,
}: {
  meta?: LaravelListMeta;
  onChange: (page: number) => void;
}) {
  const { t } = useTranslation('lists');
  if (!meta || !showsPagination(meta.links)) return null;
  return (
    <Pagination
      className="list-page__pagination"
      current={meta.current_page}
      pageSize={meta.per_page}
      total={meta.total}
      labels={{
        navigation: t('pagination.label'),
        previous: t('pagination.previous'),
        next: t('pagination.next'),
        jumpBack: t('pagination.jumpBack'),
        jumpForward: t('pagination.jumpForward'),
      }}
      totalText={(range) => t('range', range)}
      onChange={onChange}
    />
  );
}
