/**
 * The Share header action of an overview (issue 46) as a declaration names it: the dialog (ShareDialog.tsx, with
 * antd) loads when it first opens, so the registry every screen loads stays light.
 */
import { ShareAltOutlined } from '@ant-design/icons';
import type { BaseRecord } from '@refinedev/core';
import { lazy, Suspense } from 'react';
import type { ActionDialogProps, OverviewActionDeclaration } from '@/declarations/types';
import type { Permission } from '@/lib/permissions';

const ShareDialog = lazy(() => import('./ShareDialog'));

/** Share: a dialog making and listing the record's links, for users with `needs`; links are made under `collection`. */
export function shareAction<TRecord extends BaseRecord>(
  collection: string,
  needs: Permission,
): OverviewActionDeclaration<TRecord> {
  return {
    kind: 'dialog',
    key: 'share',
    labelKey: 'common:share.button',
    icon: <ShareAltOutlined aria-hidden />,
    needs,
    secondary: true,
    dialog: (props: ActionDialogProps<TRecord>) => (
      <Suspense fallback={null}>
        <ShareDialog {...(props as ActionDialogProps<BaseRecord>)} collection={collection} />
      </Suspense>
    ),
  };
}
