/**
 * An overview's drop zone whose finished uploads each become a record of another declaration, named after its file
 * (a project's models managed): shown to whoever may create those records, files upload resumably (2 at a time),
 * and each record made or refused is told in the page's banner. Declared as the overview's `body`.
 */
import { type BaseRecord, useCreate } from '@refinedev/core';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import type { UploadKindName } from '@shared/upload-kinds';
import type { OverviewBodyProps, ResourceDeclaration } from '@/declarations/types';
import { PageSection } from '../PageSection';
import { useResourcePermissions } from '../useResourcePermissions';
import { ResumableUpload } from './ResumableUpload';
import { nameWithoutExtension, UPLOAD_RULES } from './upload-rules';
import { useUploadQueue } from './useUploadQueue';

export interface RecordUploads<TRecord extends BaseRecord> {
  /** The declaration whose records the files become (its create permission shows the zone). */
  resource: ResourceDeclaration;
  kind: UploadKindName;
  /** The section's id, and its texts in the overview's namespace. */
  id: string;
  titleKey: string;
  hintKey: string;
  /** The banner once a record is made, given its `name`. */
  createdKey: string;
  /** The new record's values beside its name and upload (the project it belongs to). */
  values: (record: TRecord) => Record<string, unknown>;
}

/** The overview's `body` of these uploads. */
export function recordUploadsBody<TRecord extends BaseRecord>(
  uploads: RecordUploads<TRecord>,
): ComponentType<OverviewBodyProps<TRecord>> {
  return function RecordUploadsBody({
    record,
    resource,
    context: { showBanner },
  }: OverviewBodyProps<TRecord>) {
    const { t } = useTranslation(resource.ns);
    const { can } = useResourcePermissions(uploads.resource);
    const { mutateAsync: create } = useCreate();
    const upload = useUploadQueue(UPLOAD_RULES[uploads.kind], async (item) => {
      const name = nameWithoutExtension(item.name);
      try {
        await create({
          resource: uploads.resource.name,
          values: { name, ...uploads.values(record), upload_id: item.uploadId },
          successNotification: false,
          errorNotification: false,
        });
        showBanner({ type: 'success', text: t(uploads.createdKey, { name }) });
      } catch (error) {
        showBanner({ type: 'error', text: `${item.name}: ${(error as Error).message}` });
      }
    });
    if (!can('create')) return null;
    return (
      <PageSection id={uploads.id} title={t(uploads.titleKey)}>
        <ResumableUpload handle={upload} multiple hint={t(uploads.hintKey)} />
      </PageSection>
    );
  };
}
