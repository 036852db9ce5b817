/**
 * The list toolbar's Import CSV/Excel button (issue 46; a declaration's `list.import`): for users who may create
 * records (where the import creates) or edit them. It opens the import dialog (import/ImportDialog.tsx, loaded on
 * the first press); after an import the list's banner says how many rows came in and the list reloads.
 */
import ImportOutlined from '@ant-design/icons-svg/es/asn/ImportOutlined';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Banner } from '@/components/useResultBanner';
import type { ResourceAction, ResourceDeclaration } from '@/declarations/types';
import { Button } from '@/ui/Button';
import { Glyph } from '@/ui/Glyph';

const ImportDialog = lazy(() => import('./import/ImportDialog'));

export interface ImportButtonProps {
  resource: ResourceDeclaration;
  /** The list's title: the dialog's and the template's name. */
  title: string;
  showBanner(banner: Banner): void;
  reload(): void;
}

/** Whether the list offers the import to this user (the list shows the button only then). */
export const offersImport = (resource: ResourceDeclaration, can: (action: ResourceAction) => boolean) => {
  const declared = resource.list?.import;
  return !!declared && (can('edit') || (declared.create && can('create')));
};

export function ImportButton({ resource, title, showBanner, reload }: ImportButtonProps) {
  const { t } = useTranslation('lists');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<Glyph icon={ImportOutlined} />} onClick={() => setOpen(true)}>
        {t('import.label')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ImportDialog
            resource={resource}
            title={title}
            close={() => setOpen(false)}
            onImported={({ created, updated }) => {
              setOpen(false);
              showBanner({
                type: 'success',
                text: t('import.done', { count: created + updated, created, updated }),
              });
              reload();
            }}
          />
        </Suspense>
      )}
    </>
  );
}
