/**
 * The row menu's Reprocess (`actions.reprocess` in the resource's namespace) of a processed record (a model, a
 * library item): shown for a FINISHED record (spec 2 §4) or a FAILED one (issue 31, its way out); after its
 * confirmation (`reprocessConfirm`, or the list's own key), `POST` to `path` and the `reprocessStarted` banner.
 * Declared once for every list that has it.
 */
import RedoOutlined from '@ant-design/icons-svg/es/asn/RedoOutlined';
import { Glyph } from '@/ui/Glyph';
import type { BaseRecord } from '@refinedev/core';
import { isReprocessable } from '@shared/entities/model-values';
import type { RowActionDeclaration } from './types';

export const reprocessRowAction = <TRecord extends BaseRecord & { status: string }>(
  path: (record: NoInfer<TRecord>) => string,
  {
    needs,
    confirmKey = 'reprocessConfirm',
  }: Pick<RowActionDeclaration<TRecord>, 'needs'> & { confirmKey?: string } = {},
): RowActionDeclaration<TRecord> => ({
  key: 'reprocess',
  labelKey: 'actions.reprocess',
  icon: <Glyph icon={RedoOutlined} />,
  needs,
  visible: (record) => isReprocessable(record.status),
  call: (record) => ({
    method: 'post',
    path: path(record),
    confirmKey,
    confirmLabelKey: 'actions.reprocess',
    successKey: 'reprocessStarted',
  }),
});
