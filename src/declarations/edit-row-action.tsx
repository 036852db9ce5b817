/**
 * The row menu's Edit (`actions.edit` in the resource's namespace, the pencil), to the record's edit screen with the
 * edit ability: declared once for every list that has it. A list whose Edit the route guard alone decides (the
 * administrators' companies and maintenance windows) passes `{ needs: undefined }`.
 */
import EditOutlined from '@ant-design/icons-svg/es/asn/EditOutlined';
import { Glyph } from '@/ui/Glyph';
import type { BaseRecord } from '@refinedev/core';
import type { LinkTarget, RowActionDeclaration } from './types';

export const editRowAction = <TRecord extends BaseRecord>(
  to: (record: NoInfer<TRecord>) => string | LinkTarget,
  { needs }: Pick<RowActionDeclaration<TRecord>, 'needs'> = { needs: 'edit' },
): RowActionDeclaration<TRecord> => ({
  key: 'edit',
  labelKey: 'actions.edit',
  icon: <Glyph icon={EditOutlined} />,
  needs,
  to,
});
