/**
 * The list toolbar's Export button (issue 46): a menu of CSV and Excel; the chosen file holds every row of the
 * list's current filters, search and sort with the columns the user sees (export/export-list.ts, loaded on the
 * first export). While the rows are read the button says how far it is; the list's banner says how many rows
 * went out, or why none did.
 */
import ExportOutlined from '@ant-design/icons-svg/es/asn/ExportOutlined';
import { type GetListParams, useDataProvider } from '@refinedev/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Banner } from '@/components/useResultBanner';
import type { ResourceDeclaration } from '@/declarations/types';
import { Button } from '@/ui/Button';
import { Glyph } from '@/ui/Glyph';
import { MenuButton } from '@/ui/MenuButton';
import type { ExportContext } from './export/export-table';
import type { ExportFormat } from './export/export-files';

export interface ExportButtonProps {
  resource: ResourceDeclaration;
  /** The list's call as it is on screen (its pagination is left out). */
  call: Omit<GetListParams, 'pagination'>;
  context: ExportContext;
  /** The list's title: the file's name. */
  title: string;
  showBanner(banner: Banner): void;
}

export function ExportButton({ resource, call, context, title, showBanner }: ExportButtonProps) {
  const { t, i18n } = useTranslation('lists');
  const dataProvider = useDataProvider();
  const [progress, setProgress] = useState<{ read: number; total: number } | null>(null);
  const busy = progress !== null;

  const run = async (format: ExportFormat) => {
    setProgress({ read: 0, total: 0 });
    try {
      const { exportList, EXPORT_LIMIT } = await import('./export/export-list');
      const result = await exportList({
        getList: dataProvider().getList,
        call,
        columns: resource.list?.columns ?? [],
        context,
        format,
        language: i18n.resolvedLanguage,
        name: title,
        onProgress: (read, total) => setProgress({ read, total }),
      });
      showBanner(
        'exported' in result
          ? { type: 'success', text: t('export.done', { count: result.exported }) }
          : { type: 'error', text: t('export.tooLarge', { count: result.tooLarge, limit: EXPORT_LIMIT }) },
      );
    } catch {
      showBanner({ type: 'error', text: t('export.failed') });
    } finally {
      setProgress(null);
    }
  };

  const label =
    progress && progress.total > 0
      ? t('export.progress', { read: progress.read, total: progress.total })
      : busy
        ? t('export.preparing')
        : t('export.label');
  return (
    <>
      <MenuButton
        placement="bottom-end"
        items={[
          { key: 'csv', label: t('export.csv'), onSelect: () => void run('csv') },
          { key: 'xlsx', label: t('export.xlsx'), onSelect: () => void run('xlsx') },
        ]}
        renderTrigger={(trigger) => (
          <Button {...trigger} icon={<Glyph icon={ExportOutlined} />} loading={busy}>
            {label}
          </Button>
        )}
      />
      <span role="status" className="ui-visually-hidden">
        {busy ? label : ''}
      </span>
    </>
  );
}
