/**
 * A list's Filter button (spec 2 §2): opens and closes its filter panel, saying which it is (`aria-expanded`), and
 * how many filters the list has (issue 42): a count beside its text, in its name ('Filter, 2 active').
 */
import FilterOutlined from '@ant-design/icons-svg/es/asn/FilterOutlined';
import { Glyph } from '@/ui/Glyph';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/ui/Button';

export function FilterToggle({
  open,
  onToggle,
  activeCount = 0,
  controls,
  ref,
}: {
  open: boolean;
  onToggle(): void;
  /** The id of the panel it opens, while open (`aria-controls`). */
  controls?: string;
  /** The filters in effect, the search included (`activeFilterCount`); none shows none. */
  activeCount?: number;
  /** The panel gives the focus back here when it closes. */
  ref?: Ref<HTMLButtonElement>;
}) {
  const { t } = useTranslation('lists');
  return (
    <Button
      ref={ref}
      icon={<Glyph icon={FilterOutlined} />}
      aria-expanded={open}
      aria-controls={open ? controls : undefined}
      aria-label={activeCount > 0 ? t('filterActive', { count: activeCount }) : undefined}
      onClick={onToggle}
    >
      {t('filter')}
      {activeCount > 0 && (
        <span className="filter-toggle__count" aria-hidden>
          {activeCount}
        </span>
      )}
    </Button>
  );
}
