/**
 * The Filter panel's search (spec 2 §5: 'Filter menu search input is required'; issue 31: 'a filter's search field
 * is not marked required before anything is typed'): a panel just opened shows the field plain; typing and then
 * emptying it marks it; Reset leaves it plain again.
 */
import { render, screen } from '@testing-library/react';
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
});
