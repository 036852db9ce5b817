/**
 * The light table and pagination (src/ui/DataTable.tsx, src/ui/Pagination.tsx): what a user and assistive
 * technology get from them: sortable headers with aria-sort and antd's order cycle, the empty row, the loading
 * state that keeps the rows, rows that open something, and page buttons laid out as antd lays them out.
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { type DataColumn, DataTable, type SortOrder } from '@/ui/DataTable';
import { Pagination, pageItems } from '@/ui/Pagination';

interface Row {
  id: number;
  name: string;
  city: string;
}

const ROWS: Row[] = [
  { id: 1, name: 'Harbour Tower', city: 'Rotterdam' },
  { id: 2, name: 'Atrium Mall', city: 'Utrecht' },
];

/** A table sorted by the column and order the user chose, as a list screen keeps it. */
function SortedTable({ onSort }: { onSort?: (key: string, order: SortOrder) => void }) {
  const [sort, setSort] = useState<{ key: string; order: SortOrder }>({ key: 'name', order: 'asc' });
  const columns: DataColumn<Row>[] = [
    {
      key: 'name',
      title: 'Name',
      sortable: true,
      sortOrder: sort.key === 'name' ? sort.order : null,
      render: (row) => row.name,
    },
    {
      key: 'city',
      title: 'City',
      sortable: true,
      sortOrder: sort.key === 'city' ? sort.order : null,
      hideBelow: 'md',
      render: (row) => row.city,
    },
    { key: 'id', title: 'Number', align: 'right', render: (row) => row.id },
  ];
  return (
    <DataTable
      aria-label="Projects"
      columns={columns}
      rows={ROWS}
      rowKey={(row) => String(row.id)}
      emptyText="no results found"
      onSort={(key, order) => {
        setSort({ key, order });
        onSort?.(key, order);
      }}
    />
  );
}

describe('DataTable', () => {
  it('is a table with a header row and one row per record', () => {
    render(<SortedTable />);
    const table = screen.getByRole('table', { name: 'Projects' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(
      within(rows[0])
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Name', 'City', 'Number']);
    expect(
      within(rows[1])
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Harbour Tower', 'Rotterdam', '1']);
  });

  it('sorts by a header button: ascending first, then descending, then ascending again', async () => {
    const onSort = vi.fn();
    const user = userEvent.setup();
    render(<SortedTable onSort={onSort} />);
    const name = screen.getByRole('columnheader', { name: 'Name' });
    const city = screen.getByRole('columnheader', { name: 'City' });
    expect(name).toHaveAttribute('aria-sort', 'ascending');
    expect(city).not.toHaveAttribute('aria-sort');
    expect(within(screen.getByRole('columnheader', { name: 'Number' })).queryByRole('button')).toBeNull();

    await user.click(within(city).getByRole('button', { name: 'City' }));
    expect(onSort).toHaveBeenLastCalledWith('city', 'asc');
    expect(city).toHaveAttribute('aria-sort', 'ascending');
    expect(name).not.toHaveAttribute('aria-sort');

    await user.click(within(city).getByRole('button', { name: 'City' }));
    expect(onSort).toHaveBeenLastCalledWith('city', 'desc');
    expect(city).toHaveAttribute('aria-sort', 'descending');

    // By keyboard: the header button is reachable and Enter sorts.
    within(city).getByRole('button').focus();
    await user.keyboard('{Enter}');
    expect(onSort).toHaveBeenLastCalledWith('city', 'asc');
    expect(city).toHaveAttribute('aria-sort', 'ascending');
  });

  it('shows one row with the empty text when there are no records', () => {
    render(
      <DataTable<Row>
        columns={[{ key: 'name', title: 'Name', render: (row) => row.name }]}
        rows={[]}
        rowKey={(row) => String(row.id)}
        emptyText="no results found"
      />,
    );
    const cell = screen.getByRole('cell', { name: 'no results found' });
    expect(cell).toHaveAttribute('colspan', '1');
  });

  it('keeps the rows while loading and says the table is busy', () => {
    const table = (loading: boolean) => (
      <DataTable<Row>
        aria-label="Projects"
        columns={[{ key: 'name', title: 'Name', render: (row) => row.name }]}
        rows={ROWS}
        rowKey={(row) => String(row.id)}
        emptyText="no results found"
        loading={loading}
      />
    );
    const { rerender } = render(table(true));
    const element = screen.getByRole('table', { name: 'Projects' });
    expect(element).toHaveAttribute('aria-busy', 'true');
    expect(within(element).getByText('Harbour Tower')).toBeInTheDocument();

    rerender(table(false));
    expect(element).not.toHaveAttribute('aria-busy');
    expect(within(element).getByText('Harbour Tower')).toBeInTheDocument();
  });

  it('gives rows the attributes of rows that open something, and the full text of a cut cell', async () => {
    const open = vi.fn();
    const user = userEvent.setup();
    render(
      <DataTable<Row>
        columns={[{ key: 'name', title: 'Name', ellipsis: true, width: 120, render: (row) => row.name }]}
        rows={ROWS}
        rowKey={(row) => String(row.id)}
        emptyText="no results found"
        rowProps={(row) => ({ tabIndex: 0, onClick: () => open(row.id), className: 'list-row--link' })}
      />,
    );
    const cell = screen.getByRole('cell', { name: 'Atrium Mall' });
    expect(cell).toHaveAttribute('title', 'Atrium Mall');
    await user.click(cell);
    expect(open).toHaveBeenCalledWith(2);
    expect(cell.closest('tr')).toHaveAttribute('tabindex', '0');
    expect(cell.closest('tr')).toHaveAttribute('data-row-key', '2');
  });

  it("shows a record's whole name as its title cell's title, the name cut after three lines (issue 42)", () => {
    render(
      <DataTable<Row>
        columns={[{ key: 'name', title: 'Name', stack: 'title', render: (row) => row.name }]}
        rows={ROWS}
        rowKey={(row) => String(row.id)}
        emptyText="no results found"
      />,
    );
    const cell = screen.getByRole('cell', { name: 'Atrium Mall' });
    expect(cell).toHaveAttribute('title', 'Atrium Mall');
    expect(within(cell).getByText('Atrium Mall')).toHaveClass('ui-table__name');
  });
});

const LABELS = {
  navigation: 'Pages',
  previous: 'Previous page',
  next: 'Next page',
  jumpBack: '5 pages back',
  jumpForward: '5 pages forward',
};

describe('Pagination', () => {
  it('lays the page buttons out as antd does', () => {
    expect(pageItems(1, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageItems(1, 10)).toEqual([1, 2, 3, 4, 5, 'jump-forward', 10]);
    expect(pageItems(4, 10)).toEqual([1, 2, 3, 4, 5, 6, 'jump-forward', 10]);
    expect(pageItems(5, 10)).toEqual([1, 'jump-back', 3, 4, 5, 6, 7, 'jump-forward', 10]);
    expect(pageItems(8, 10)).toEqual([1, 'jump-back', 6, 7, 8, 9, 10]);
    expect(pageItems(10, 10)).toEqual([1, 'jump-back', 6, 7, 8, 9, 10]);
  });

  it('is a named navigation with the range, the current page marked and working buttons', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(
      <Pagination
        current={1}
        pageSize={5}
        total={32}
        labels={LABELS}
        totalText={({ from, to, total }) => `${from}–${to} of ${total}`}
        onChange={onChange}
      />,
    );
    const nav = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(nav).getByText('1–5 of 32')).toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: '1' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('button', { name: '2' })).not.toHaveAttribute('aria-current');
    expect(within(nav).getByRole('button', { name: 'Previous page' })).toBeDisabled();
    expect(
      within(nav)
        .getAllByRole('button', { name: /^\d$/ })
        .map((button) => button.textContent),
    ).toEqual(['1', '2', '3', '4', '5', '6', '7']);

    await user.click(within(nav).getByRole('button', { name: '3' }));
    expect(onChange).toHaveBeenLastCalledWith(3);
    await user.click(within(nav).getByRole('button', { name: 'Next page' }));
    expect(onChange).toHaveBeenLastCalledWith(2);
    // The current page is not a change.
    await user.click(within(nav).getByRole('button', { name: '1' }));
    expect(onChange).toHaveBeenCalledTimes(2);
  });

  it("jumps five pages with the '•••' buttons and stops at the last page", async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    const { rerender } = render(
      <Pagination current={10} pageSize={5} total={100} labels={LABELS} onChange={onChange} />,
    );
    const nav = screen.getByRole('navigation', { name: 'Pages' });
    await user.click(within(nav).getByRole('button', { name: '5 pages back' }));
    expect(onChange).toHaveBeenLastCalledWith(5);
    await user.click(within(nav).getByRole('button', { name: '5 pages forward' }));
    expect(onChange).toHaveBeenLastCalledWith(15);

    rerender(<Pagination current={17} pageSize={5} total={100} labels={LABELS} onChange={onChange} />);
    expect(within(nav).queryByRole('button', { name: '5 pages forward' })).toBeNull();
    rerender(<Pagination current={16} pageSize={5} total={100} labels={LABELS} onChange={onChange} />);
    await user.click(within(nav).getByRole('button', { name: '5 pages forward' }));
    expect(onChange).toHaveBeenLastCalledWith(20);
  });
});
