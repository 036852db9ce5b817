/**
 * The Download button of a row (spec 2 Tools, §7): `GET /downloads/{id}/download` with the session's token, saved
 * as `name.extension`; busy while the file arrives, a notice when it fails.
 */
import CloudDownloadOutlined from '@ant-design/icons-svg/es/asn/CloudDownloadOutlined';
import { Glyph } from '@/ui/Glyph';
import type { Download } from '@shared/entities/downloads';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveBlob } from '@/lib/save-blob';
import { apiRequest } from '@/providers/http-client';
import { Button } from '@/ui/Button';
import { toast } from '@/ui/toast';

export function DownloadButton({ download }: { download: Download }) {
  const { t } = useTranslation('downloads');
  const [busy, setBusy] = useState(false);
  const fileName = `${download.name}.${download.extension}`;

  const save = async () => {
    setBusy(true);
    try {
      const blob = await apiRequest<Blob>(`/downloads/${download.id}/download`, { responseType: 'blob' });
      saveBlob(blob, fileName);
    } catch {
      toast.error(t('downloadFailed', { name: fileName }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button
      size="small"
      icon={<Glyph icon={CloudDownloadOutlined} />}
      loading={busy}
      onClick={(event) => {
        // The row's own click (edit, for administrators) stays out of it.
        event.stopPropagation();
        void save();
      }}
      aria-label={t('downloadFile', { name: fileName })}
    >
      {t('download')}
    </Button>
  );
}
