/**
 * The downloads of a processed file's overview (issue 28): its original file (`GET {path}/download/original`,
 * saved under the uploaded file's name) and, once processed, the optimized glb the viewer shows
 * (`GET {path}/download/optimized`, saved as `{record name}.glb`), each fetched with the session's token like a
 * download of the Downloads tool; busy while the file arrives, a notice when it fails. Texts from the entity's
 * namespace (`downloads.*`).
 */
import CloudDownloadOutlined from '@ant-design/icons-svg/es/asn/CloudDownloadOutlined';
import DownloadOutlined from '@ant-design/icons-svg/es/asn/DownloadOutlined';
import { Glyph } from '@/ui/Glyph';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveBlob } from '@/lib/save-blob';
import { apiRequest } from '@/providers/http-client';
import { toast } from '@/ui/toast';

type Variant = 'original' | 'optimized';

export function ProcessedFileDownloads({
  ns,
  path,
  originalName,
  optimizedName,
  version,
}: {
  /** The entity's translation namespace. */
  ns: string;
  /** The record's API path, e.g. `/projects/models/7`. */
  path: string;
  /** The uploaded file's name; no original download without one. */
  originalName: string | null;
  /** The optimized glb's file name; no such download until there is one. */
  optimizedName: string | null;
  /** In a list of versions, the version whose files these are: the buttons' names say which. */
  version?: number;
}) {
  const { t } = useTranslation(ns);
  const { t: tm } = useTranslation('models');
  const nameOf = (variant: Variant) =>
    version === undefined ? undefined : tm(`versions.${variant}Label`, { number: version });
  const [busy, setBusy] = useState<Variant | null>(null);

  const save = async (variant: Variant, fileName: string) => {
    setBusy(variant);
    try {
      const blob = await apiRequest<Blob>(`${path}/download/${variant}`, { responseType: 'blob' });
      saveBlob(blob, fileName);
    } catch {
      toast.error(t('downloads.failed', { name: fileName }));
    } finally {
      setBusy(null);
    }
  };

  return (
    <span className="processed-downloads">
      {originalName && (
        <Button
          icon={<Glyph icon={DownloadOutlined} />}
          loading={busy === 'original'}
          aria-label={nameOf('original')}
          onClick={() => void save('original', originalName)}
        >
          {t('downloads.original')}
        </Button>
      )}
      {optimizedName && (
        <Button
          icon={<Glyph icon={CloudDownloadOutlined} />}
          loading={busy === 'optimized'}
          aria-label={nameOf('optimized')}
          onClick={() => void save('optimized', optimizedName)}
        >
          {t('downloads.optimized')}
        </Button>
      )}
    </span>
  );
}
