/**
 * The bell's parts of list exports (issue 46): the exports under way with how far each is, and the download of a
 * finished export that its notification brings (`GET /list-exports/{id}/download` with the session's token).
 */
import CloudDownloadOutlined from '@ant-design/icons-svg/es/asn/CloudDownloadOutlined';
import { Glyph } from '@/ui/Glyph';
import type { ListExport } from '@shared/list-exports';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveBlob } from '@/lib/save-blob';
import { apiRequest } from '@/providers/http-client';
import { Button } from '@/ui/Button';
import { toast } from '@/ui/toast';

export function RunningExports({ exports }: { exports: readonly ListExport[] }) {
  const { t } = useTranslation('notifications');
  if (!exports.length) return null;
  return (
    <section className="notification-exports" aria-label={t('exports.title')}>
      <ul>
        {exports.map((item) => {
          const label =
            item.status === 'QUEUED'
              ? t('exports.queued', { name: item.name })
              : t('exports.progress', { name: item.name, done: item.rows_done, total: item.rows_total });
          return (
            <li key={item.id} className="notification-export">
              <span className="notification-export-text">{label}</span>
              <progress
                max={Math.max(1, item.rows_total)}
                value={item.status === 'QUEUED' ? undefined : item.rows_done}
                aria-label={label}
              />
            </li>
          );
        })}
      </ul>
    </section>
  );
}

export function ExportDownloadButton({ exportId, fileName }: { exportId: number; fileName: string }) {
  const { t } = useTranslation('notifications');
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    try {
      saveBlob(
        await apiRequest<Blob>(`/list-exports/${exportId}/download`, { responseType: 'blob' }),
        fileName,
      );
    } catch {
      toast.error(t('exports.downloadFailed', { name: fileName }));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="notification-link">
      <Button
        size="small"
        variant="link"
        icon={<Glyph icon={CloudDownloadOutlined} />}
        loading={busy}
        onClick={() => void save()}
      >
        {t('exports.download', { name: fileName })}
      </Button>
    </div>
  );
}
