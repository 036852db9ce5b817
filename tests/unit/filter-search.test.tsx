/**
 * The Filter panel's search (spec 2 §5: 'Filter menu search input is required'; issue 31: 'a filter's search field
 * is not marked required before anything is typed'): a panel just opened shows the field plain; typing and then
 * emptying it marks it; Reset leaves it plain again. What is typed while the search applied comes back through the
 * URL stays in the field.
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { FilterPanel } from '@/pages/list/FilterPanel';
import { portalI18n } from './support/portal-app';

const state = { page: 1, perPage: 5, sort: '-created_at', search: '', filters: {} };

describe('the filter panel search', () => {
  it('is marked as missing only after something was typed and removed', async () => {
    const user = userEvent.setup();
    render(
      <I18nextProvider i18n={portalI18n('en')}>
        <FilterPanel
          ns="labels"
          state={state}
          filters={[]}
          response={undefined}
          onChange={vi.fn()}
          onReset={vi.fn()}
        />
      </I18nextProvider>,
    );
    const search = screen.getByRole('textbox', { name: 'Search' });
    const field = search.closest('.ui-input')!;
    expect(search).toBeRequired();
    expect(field).not.toHaveClass('ui-input--warning');

    await user.type(search, 'oak');
    expect(field).not.toHaveClass('ui-input--warning');
    await user.clear(search);
    expect(field).toHaveClass('ui-input--warning');

    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(field).not.toHaveClass('ui-input--warning');
  });

  it('keeps what was typed while its own search came back through the URL', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const panel = (search: string) => (
      <I18nextProvider i18n={portalI18n('en')}>
        <FilterPanel
          ns="labels"
          state={{ ...state, search }}
          filters={[]}
          response={undefined}
          onChange={onChange}
          onReset={vi.fn()}
        />
      </I18nextProvider>
    );
    const { rerender } = render(panel(''));
    const search = screen.getByRole('textbox', { name: 'Search' });
    await user.type(search, 'u');
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith({ search: 'u' }));
    // The next key comes before the URL holds the first.
    await user.type(search, 'p');
    rerender(panel('u'));
    expect(search).toHaveValue('up');
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith({ search: 'up' }));
    rerender(panel('up'));
    // A search from outside (back, then forward to the field's own) still replaces the field's.
    rerender(panel('oak'));
    expect(search).toHaveValue('oak');
    rerender(panel('up'));
    expect(search).toHaveValue('up');
  });
});
