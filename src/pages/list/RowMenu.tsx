/** The three-dot menu of a row: the actions the user may use (spec 2 §2); keyboard reachable. */
import { MoreOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface RowMenuItem {
  key: string;
  label: string;
  icon?: ReactNode;
  danger?: boolean;
  onSelect(): void;
}

export function RowMenu({ items, recordName }: { items: RowMenuItem[]; recordName: string }) {
  const { t } = useTranslation('lists');
  if (!items.length) return null;
  const menu: MenuProps = {
    items: items.map(({ key, label, icon, danger }) => ({ key, label, icon, danger })),
    onClick: ({ key, domEvent }) => {
      domEvent.stopPropagation();
      items.find((item) => item.key === key)?.onSelect();
    },
  };
  return (
    <Dropdown menu={menu} trigger={['click']} placement="bottomRight">
      <Button
        type="text"
        icon={<MoreOutlined aria-hidden />}
        aria-label={t('rowMenu', { name: recordName })}
        onClick={(event) => event.stopPropagation()}
      />
    </Dropdown>
  );
}
