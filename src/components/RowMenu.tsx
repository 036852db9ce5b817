/**
 * The three-dot menu of a row or card: the actions the user may use (spec 2 §2); a keyboard-usable menu button,
 * which a card's right-click may also open at the pointer (`open`, `anchorPoint`).
 */
import MoreOutlined from '@ant-design/icons-svg/es/asn/MoreOutlined';
import { useTranslation } from 'react-i18next';
import { Button } from '@/ui/Button';
import { Glyph } from '@/ui/Glyph';
import { MenuButton, type MenuButtonProps } from '@/ui/MenuButton';
import type { MenuEntry } from '@/ui/menu-button-props';

/** An entry of a row's menu: a menu entry without the menu-only states (current page, a chosen option). */
export type RowMenuItem = Pick<
  MenuEntry,
  'key' | 'label' | 'icon' | 'danger' | 'disabled' | 'reason' | 'to' | 'onSelect'
>;

export function RowMenu({
  items,
  recordName,
  open,
  onOpenChange,
  anchorPoint,
}: {
  items: RowMenuItem[];
  recordName: string;
  /** Controlled open state (a card's right-click opens its menu too). */
  open?: boolean;
  onOpenChange?(open: boolean): void;
  /** Where a context menu opens (the pointer); at the button without one. */
  anchorPoint?: MenuButtonProps['anchorPoint'];
}) {
  const { t } = useTranslation('lists');
  if (!items.length) return null;
  return (
    <MenuButton
      items={items}
      open={open}
      onOpenChange={onOpenChange}
      anchorPoint={anchorPoint}
      placement="bottom-end"
      renderTrigger={(trigger) => (
        <Button
          {...trigger}
          variant="text"
          icon={<Glyph icon={MoreOutlined} />}
          aria-label={t('rowMenu', { name: recordName })}
        />
      )}
    />
  );
}
