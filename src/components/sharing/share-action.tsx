/**
 * The Share header action of a model's or library item's overview (issue 46) as a declaration names it: the dialog (ShareDialog.tsx, with
 * antd) loads when it first opens, so the registry every screen loads stays light.
 */
import ShareAltOutlined from '@ant-design/icons-svg/es/asn/ShareAltOutlined';
import { Glyph } from '@/ui/Glyph';
import type { BaseRecord } from '@refinedev/core';
import { lazy, Suspense } from 'react';
import type { ActionDialogProps, OverviewActionDeclaration } from '@/declarations/types';
import type { Permission } from '@/lib/permissions';
import type { SharedRecordType } from '@shared/entities/share-link-values';

const ShareDialog = lazy(() => import('./ShareDialog'));

/** Share: a dialog making and listing the record's links (a model's or an item's: `type`), for users with `needs`. */
export function shareAction<TRecord extends BaseRecord>(
  type: SharedRecordType,
  needs: Permission,
): OverviewActionDeclaration<TRecord> {
  return {
    kind: 'dialog',
    key: 'share',
    labelKey: 'common:share.button',
    icon: <Glyph icon={ShareAltOutlined} />,
    needs,
    secondary: true,
    dialog: (props: ActionDialogProps<TRecord>) => (
      <Suspense fallback={null}>
        <ShareDialog {...(props as ActionDialogProps<BaseRecord>)} type={type} />
      </Suspense>
    ),
  };
}
