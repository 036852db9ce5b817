/**
 * The list toolbar's Export button (issue 46): a menu of CSV and Excel; the chosen file holds every row of the
 * list's current filters, search and sort with the columns the user sees (export/export-list.ts, loaded on the
 * first export). While the rows are read the button says how far it is; the list's banner says how many rows
 * went out, or why none did. A list longer than the browser writes (`BROWSER_EXPORT_MAX` rows) is exported by the
 * server (export/server-export.ts): the banner says so, and the bell shows its progress and brings the file.
 */
import ExportOutlined from '@ant-design/icons-svg/es/asn/ExportOutlined';
import { type GetListParams, useDataProvider } from '@refinedev/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LIST_EXPORT_MAX } from '@shared/list-exports';
import { ApiError } from '@/providers/http-client';
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

  /** A list longer than the browser writes is exported by the server: the bell shows how far it is. */
  const runOnServer = async (format: ExportFormat, rows: number): Promise<Banner> => {
    const { startServerExport } = await import('./export/server-export');
    await startServerExport({
      call,
      columns: resource.list?.columns ?? [],
      context,
      ns: resource.ns,
      keyField: resource.idField ?? 'id',
      format,
      name: title,
    });
    return { type: 'success', text: t('export.started', { count: rows }) };
  };

  const run = async (format: ExportFormat) => {
    setProgress({ read: 0, total: 0 });
    try {
      const { exportList } = await import('./export/export-list');
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
          : result.tooLarge <= LIST_EXPORT_MAX
            ? await runOnServer(format, result.tooLarge)
            : {
                type: 'error',
                text: t('export.tooLarge', { count: result.tooLarge, limit: LIST_EXPORT_MAX }),
              },
      );
    } catch (error) {
      // The server's reason where it gave one (the list changed meanwhile and is now too long).
      const reason = error instanceof ApiError ? Object.values(error.errors ?? {})[0]?.[0] : undefined;
      showBanner({ type: 'error', text: reason ?? t('export.failed') });
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
