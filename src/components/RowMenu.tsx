/** The three-dot menu of a row: the actions the user may use (spec 2 §2); a keyboard-usable menu button. */
import { MoreOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/ui/Button';
import { MenuButton } from '@/ui/MenuButton';

export interface RowMenuItem {
  key: string;
  label: ReactNode;
  icon?: ReactNode;
  danger?: boolean;
  /** Shown but not usable (its label says why). */
  disabled?: boolean;
  /** A route the item leads to (a link). */
  to?: string;
  onSelect?(): void;
}

export function RowMenu({ items, recordName }: { items: RowMenuItem[]; recordName: string }) {
  const { t } = useTranslation('lists');
  if (!items.length) return null;
  return (
    <MenuButton
      items={items}
      placement="bottom-end"
      renderTrigger={(trigger) => (
        <Button
          {...trigger}
          variant="text"
          icon={<MoreOutlined aria-hidden />}
          aria-label={t('rowMenu', { name: recordName })}
        />
      )}
    />
  );
}
