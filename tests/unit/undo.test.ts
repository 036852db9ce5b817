// @vitest-environment node
/**
 * What a banner's Undo does (issue 46): a restore per record, the inverse bulk action, or the declared inverse
 * call; what a banner handed over in the navigation state may carry.
 */
import type { DataProvider } from '@refinedev/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isUndo, performUndo } from '@/components/undo';
import { countingFetch } from './support/counting-fetch';

const provider = () => ({
  updateMany: vi.fn(async (): Promise<{ data: { success: unknown[]; failed: unknown[] } }> => ({
    data: { success: [{ id: 4 }], failed: [] },
  })),
  custom: vi.fn(async () => ({ data: {} })),
});
const asProvider = (stub: ReturnType<typeof provider>) =>
  stub as unknown as Pick<DataProvider, 'updateMany' | 'custom'>;

describe('performing an Undo', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('restores each record of a delete from the recycling bin', async () => {
    const urls = countingFetch(() => ({ data: {} }));
    const stub = provider();
    expect(
      await performUndo({ resource: 'materials', keys: ['Oak veneer', 'Brass'] }, asProvider(stub)),
    ).toBe('restored');
    expect(urls.map((url) => new URL(url, 'http://acme.localhost').pathname)).toEqual([
      '/api/v2/materials/Oak%20veneer/restore',
      '/api/v2/materials/Brass/restore',
    ]);
    expect(stub.updateMany).not.toHaveBeenCalled();
  });

  it('runs the inverse bulk action through the bulk endpoint', async () => {
    const stub = provider();
    const undo = {
      resource: 'libraries',
      keys: [4],
      bulk: { action: 'activate', field: 'libraries', idField: 'id' },
    };
    expect(await performUndo(undo, asProvider(stub))).toBe('reverted');
    expect(stub.updateMany).toHaveBeenCalledWith({
      resource: 'libraries',
      ids: [4],
      variables: { action: 'activate' },
      meta: { bulkKey: 'libraries', bulkIdField: 'id' },
    });
  });

  it('fails when the bulk endpoint names a record it could not change back', async () => {
    const stub = provider();
    stub.updateMany.mockResolvedValueOnce({ data: { success: [], failed: [{ id: 4 }] } });
    const undo = {
      resource: 'libraries',
      keys: [4],
      bulk: { action: 'activate', field: 'libraries', idField: 'id' },
    };
    await expect(performUndo(undo, asProvider(stub))).rejects.toThrow();
  });

  it('sends the declared inverse call', async () => {
    const stub = provider();
    const call = { method: 'patch' as const, path: 'materials/Brass', values: { archived: false } };
    expect(await performUndo({ resource: 'materials', keys: ['Brass'], call }, asProvider(stub))).toBe(
      'reverted',
    );
    expect(stub.custom).toHaveBeenCalledWith({
      url: '/materials/Brass',
      method: 'patch',
      payload: { archived: false },
    });
  });
});

describe('an Undo handed over in the navigation state', () => {
  it('is taken only whole', () => {
    expect(isUndo({ resource: 'projects', keys: [7] })).toBe(true);
    expect(isUndo({ resource: 'projects', keys: [7], call: { method: 'patch', path: 'projects/7' } })).toBe(
      true,
    );
    expect(isUndo({ resource: 'projects', keys: [{}] })).toBe(false);
    expect(isUndo({ resource: 'projects', keys: [7], call: { method: 'get', path: 'x' } })).toBe(false);
    expect(isUndo({ resource: 'projects', keys: [7], bulk: { action: 'activate' } })).toBe(false);
    expect(isUndo(null)).toBe(false);
  });
});
