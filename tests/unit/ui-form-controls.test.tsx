/**
 * The light form controls and notices (src/ui/MultiSelect.tsx, TextInput.tsx, Alert.tsx, Skeleton.tsx): names,
 * keyboard use, dismissal, and what they tell assistive technology.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Alert } from '@/ui/Alert';
import { MultiSelect } from '@/ui/MultiSelect';
import { Skeleton } from '@/ui/Skeleton';
import { TextInput } from '@/ui/TextInput';

const LABELS = [
  { value: '1', label: 'Urgent', color: '#f5222d' },
  { value: '2', label: 'Concept', color: '#722ed1' },
  { value: '3', label: 'Residential', color: '#52c41a' },
];

function LabelFilter({ onChange }: { onChange?: (values: string[]) => void }) {
  const [value, setValue] = useState<string[]>([]);
  return (
    <>
      <label id="label-filter" htmlFor="label-filter-button">
        Label
      </label>
      <MultiSelect
        id="label-filter-button"
        labelId="label-filter"
        value={value}
        options={LABELS}
        placeholder="Any"
        emptyText="Nothing to choose"
        onChange={(next) => {
          setValue(next);
          onChange?.(next);
        }}
      />
      <button type="button">After</button>
    </>
  );
}

describe('MultiSelect', () => {
  it('names its button by its label and what is chosen, and ticks values with the mouse', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<LabelFilter onChange={onChange} />);
    const button = screen.getByRole('button', { name: 'Label Any' });
    expect(button).toHaveAttribute('aria-expanded', 'false');

    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const group = screen.getByRole('group', { name: 'Label' });
    expect(button).toHaveAttribute('aria-controls', group.id);
    await user.click(within(group).getByRole('checkbox', { name: 'Residential' }));
    await user.click(within(group).getByRole('checkbox', { name: 'Urgent' }));
    // Chosen values keep the order of the options.
    expect(onChange).toHaveBeenLastCalledWith(['1', '3']);
    expect(screen.getByRole('button', { name: 'Label Urgent, Residential' })).toBeInTheDocument();

    await user.click(within(group).getByRole('checkbox', { name: 'Urgent' }));
    expect(onChange).toHaveBeenLastCalledWith(['3']);

    // A press outside closes it.
    await user.click(document.body);
    expect(screen.queryByRole('group', { name: 'Label' })).toBeNull();
  });

  it('works by keyboard: ArrowDown opens on the first choice, arrows move, Space ticks, Escape returns', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<LabelFilter onChange={onChange} />);
    const button = screen.getByRole('button', { name: 'Label Any' });
    button.focus();
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Urgent' })).toHaveFocus());
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Concept' })).toHaveFocus());
    await user.keyboard(' ');
    expect(onChange).toHaveBeenLastCalledWith(['2']);
    await user.keyboard('{End}');
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Residential' })).toHaveFocus());
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Urgent' })).toHaveFocus());

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('group')).toBeNull();
    await waitFor(() => expect(button).toHaveFocus());
    expect(button).toHaveAccessibleName('Label Concept');
  });

  it('closes when the focus moves on past the choices', async () => {
    const user = userEvent.setup();
    render(<LabelFilter />);
    await user.click(screen.getByRole('button', { name: 'Label Any' }));
    await user.tab();
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Urgent' })).toHaveFocus());
    await user.tab();
    await user.tab();
    await user.tab();
    await waitFor(() => expect(screen.getByRole('button', { name: 'After' })).toHaveFocus());
    expect(screen.queryByRole('group')).toBeNull();
  });

  it('says when there is nothing to choose', async () => {
    const user = userEvent.setup();
    render(
      <>
        <span id="empty-label">Label</span>
        <MultiSelect
          labelId="empty-label"
          value={[]}
          options={[]}
          placeholder="Any"
          emptyText="Nothing to choose"
          onChange={vi.fn()}
        />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Label Any' }));
    expect(
      within(screen.getByRole('group', { name: 'Label' })).getByText('Nothing to choose'),
    ).toBeInTheDocument();
  });
});

describe('TextInput', () => {
  function Search() {
    const [value, setValue] = useState('');
    return (
      <>
        <label htmlFor="search">Search</label>
        <TextInput id="search" value={value} onChange={setValue} clearLabel="Clear the search" />
      </>
    );
  }

  it('offers a clear button only while there is text; clearing puts the focus back in the field', async () => {
    const user = userEvent.setup();
    render(<Search />);
    const field = screen.getByRole('textbox', { name: 'Search' });
    expect(screen.queryByRole('button', { name: 'Clear the search' })).toBeNull();
    await user.type(field, 'harbour');
    await user.click(screen.getByRole('button', { name: 'Clear the search' }));
    expect(field).toHaveValue('');
    await waitFor(() => expect(field).toHaveFocus());
    expect(screen.queryByRole('button', { name: 'Clear the search' })).toBeNull();
  });

  it('marks a field in error as invalid', () => {
    render(<TextInput aria-label="Name" value="" onChange={vi.fn()} status="error" />);
    expect(screen.getByRole('textbox', { name: 'Name' })).toBeInvalid();
  });
});

describe('Alert and Skeleton', () => {
  it('shows a message in the role the caller gives, with a named close button', async () => {
    const onClose = vi.fn();
    const user = userEvent.setup();
    render(
      <Alert
        type="success"
        role="status"
        message="Harbour Tower successfully deleted"
        closable={{ label: 'Close the message', onClose }}
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Harbour Tower successfully deleted');
    await user.click(screen.getByRole('button', { name: 'Close the message' }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('names the loading placeholder', () => {
    render(<Skeleton rows={4} label="Loading..." />);
    expect(screen.getByRole('status', { name: 'Loading...' })).toBeInTheDocument();
  });
});
