/** A list's Filter button (spec 2 §2): opens and closes its filter panel, saying which it is (`aria-expanded`). */
import { FilterOutlined } from '@ant-design/icons';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/ui/Button';

export function FilterToggle({
  open,
  onToggle,
  ref,
}: {
  open: boolean;
  onToggle(): void;
  /** The panel gives the focus back here when it closes. */
  ref?: Ref<HTMLButtonElement>;
}) {
  const { t } = useTranslation('lists');
  return (
    <Button ref={ref} icon={<FilterOutlined aria-hidden />} aria-expanded={open} onClick={onToggle}>
      {t('filter')}
    </Button>
  );
}
