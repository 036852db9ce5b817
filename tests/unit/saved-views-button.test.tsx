/**
 * The 'Views' button's stand-in (issue 33): the menu's chunk arrives after the list's first paint, and a press that
 * began on the stand-in while it arrived (pointer down, the focus on it) still opens the menu: the stand-in is not
 * swapped for the menu's button under the press, so the click lands where it started.
 */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SavedViewsButton } from '@/pages/list/SavedViewsButton';
import { tenantStore } from '@/shell/tenant/TenantContext';
import { acmeTenant, aliceUser, laravelList, RefineHarness, signInAs, stubApi } from './data-provider-stub';
import { portalI18n } from './support/portal-app';

const state = { filters: {}, sort: 'name', per_page: 10, view: 'list' } as const;

afterEach(() => vi.unstubAllGlobals());

describe("the Views button's stand-in", () => {
  it('keeps a press that began before the menu arrived, and opens the menu with it', async () => {
    stubApi().on('GET', '/saved-views', { body: laravelList([]) });
    signInAs(aliceUser);
    tenantStore.setTenant(acmeTenant);
    render(
      <RefineHarness i18n={portalI18n('en')}>
        <SavedViewsButton listKey="widgets" current={state} onApply={() => undefined} linkFor={() => ''} />
      </RefineHarness>,
    );
    const standIn = screen.getByRole('button', { name: 'Views' });
    expect(standIn.closest('.ui-menu-trigger')).toBeNull();
    fireEvent.pointerDown(standIn);
    act(() => standIn.focus());

    // The menu's chunk arrives meanwhile (asked for after the first paint).
    await act(() => import('@/pages/list/SavedViewsMenu'));
    await act(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
    await act(() => import('@/pages/list/SavedViewsMenu'));
    expect(standIn).toBeInTheDocument();

    fireEvent.click(standIn);
    await screen.findByRole('menu');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Views' })).toHaveFocus());
  });
});
