/**
 * The bulk edit's parts below its dialog (issue 46; src/pages/list/bulk-edit.ts): every declared `bulk.edit`
 * names form fields its dialog can set, the values go out as a form body can carry them, and its Undo sends each
 * group of records the values they had, one bulk call per group.
 */
import type { BaseKey, DataProvider } from '@refinedev/core';
import { describe, expect, it, vi } from 'vitest';
import { isUndo, performUndo } from '@/components/undo';
import type { ResourceDeclaration } from '@/declarations/types';
import { BULK_EDIT_KINDS, bulkEditBody, bulkEditFields, editUndoGroups } from '@/pages/list/bulk-edit';
import { RESOURCES } from '@/resources/index';

const editable = RESOURCES.filter((resource) => resource.list?.bulk?.edit?.length);

describe('the declared bulk edits', () => {
  it('are declared by projects, labels and users', () => {
    expect(editable.map((resource) => resource.name).sort()).toEqual(['labels', 'projects', 'users']);
  });

  it.each(editable.map((resource) => [resource.name, resource] as const))(
    '%s: each names a field of its form of a kind the dialog sets, and it may be edited',
    (_name, resource) => {
      const fields = bulkEditFields(resource);
      expect(fields.map((field) => field.name)).toEqual(resource.list?.bulk?.edit);
      for (const field of fields) expect(BULK_EDIT_KINDS.has(field.kind), field.name).toBe(true);
      expect(resource.actions?.edit, `${resource.name} needs an edit permission`).toBeDefined();
    },
  );

  it('refuses a field the form lacks, or one the dialog has no input for', () => {
    const resource = {
      name: 'things',
      ns: 'things',
      list: { columns: [], bulk: { field: 'things', actions: [], edit: ['missing'] } },
      form: { fields: [{ name: 'name', labelKey: 'fields.name', kind: 'text' }] },
    } as unknown as ResourceDeclaration;
    expect(() => bulkEditFields(resource)).toThrow("bulk.edit names 'missing'");
    resource.list!.bulk!.edit = ['name'];
    expect(() => bulkEditFields(resource)).toThrow("'name' is a text field");
  });
});

describe('the values an edit sends', () => {
  it('are the field under values; no choice and an empty list are null (none)', () => {
    expect(bulkEditBody('status', 'inactive')).toEqual({ values: { status: 'inactive' } });
    expect(bulkEditBody('labels', [3, 4])).toEqual({ values: { labels: [3, 4] } });
    expect(bulkEditBody('labels', [])).toEqual({ values: { labels: null } });
    expect(bulkEditBody('role_id', undefined)).toEqual({ values: { role_id: null } });
  });
});

describe("an edit's Undo", () => {
  const projects = RESOURCES.find((resource) => resource.name === 'projects')!;

  it('groups the records by the values they had, as the form body sends them', () => {
    const groups = editUndoGroups(projects, {
      action: 'edit',
      success: [
        { id: 1, name: 'A', previous: { status: 'active', labels: [2] } },
        { id: 2, name: 'B', previous: { status: 'inactive', labels: [] } },
        { id: 3, name: 'C', previous: { status: 'active', labels: [2] } },
        { id: 4, name: 'D' },
      ],
      failed: [],
    });
    expect(groups).toEqual([
      { keys: ['1', '3'], values: { status: 'active', labels: [2] } },
      { keys: ['2'], values: { status: 'inactive', labels: null } },
    ]);
  });

  it('sends one bulk edit per group, and fails when the server fails a record', async () => {
    const undo = {
      resource: 'projects',
      keys: ['1', '2', '3'],
      bulk: {
        action: 'edit',
        field: 'projects',
        idField: 'id',
        groups: [
          { keys: ['1', '3'], values: { status: 'active' } },
          { keys: ['2'], values: { status: 'inactive' } },
        ],
      },
    };
    expect(isUndo(undo)).toBe(true);
    expect(isUndo({ ...undo, bulk: { ...undo.bulk, groups: [{ keys: ['1'] }] } })).toBe(false);
    const updateMany = vi.fn(async (_call: { ids: BaseKey[]; variables: unknown }) => ({
      data: { action: 'edit', success: [], failed: [] },
    }));
    const provider = { updateMany, custom: vi.fn() } as unknown as Pick<
      DataProvider,
      'updateMany' | 'custom'
    >;
    expect(await performUndo(undo, provider)).toBe('reverted');
    expect(updateMany.mock.calls.map(([call]) => [call.ids, call.variables])).toEqual([
      [['1', '3'], { action: 'edit', values: { status: 'active' } }],
      [['2'], { action: 'edit', values: { status: 'inactive' } }],
    ]);
    updateMany.mockResolvedValueOnce({
      data: { action: 'edit', success: [], failed: [{ name: 'A' }] },
    } as never);
    await expect(performUndo(undo, provider)).rejects.toThrow();
  });
});
