/** The built-in cell kinds a declared column can name (spec 2 §2, §3, Security users, Processor). */
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { type CellContext, renderCell } from '@/components/cells';
import type { CellKind } from '@/declarations/types';
import { portalI18n } from './support/portal-app';

const context: CellContext = { language: 'en', describe: (value) => String(value ?? '') };

function show(kind: CellKind, value: unknown, more: Partial<CellContext> = {}) {
  const cell: ReactNode = renderCell(kind, value, { ...context, ...more });
  return render(<I18nextProvider i18n={portalI18n('en')}>{cell}</I18nextProvider>);
}

describe('cell kinds', () => {
  it('colour: a swatch of the colour beside its value', () => {
    const { container } = show('color', '#13c2c2');
    expect(screen.getByText('#13c2c2')).toBeInTheDocument();
    expect(container.querySelector<HTMLElement>('.cell-color__swatch')!.style.background).toBe(
      'rgb(19, 194, 194)',
    );
  });

  it('colour chip: the value in a chip with a dot of the colour', () => {
    const { container } = show('colorChip', '#722ed1', { record: { id: 3, name: 'Concept' } });
    expect(container.querySelector('.label-tag')).toHaveTextContent('#722ed1');
    expect(screen.queryByText('Concept')).not.toBeInTheDocument();
    expect(container.querySelector<HTMLElement>('.label-tag')!.style.getPropertyValue('--label-color')).toBe(
      '#722ed1',
    );
  });

  it('boolean: a check or a cross, named Yes or No', () => {
    show('boolean', 1);
    expect(screen.getByRole('img', { name: 'Yes' })).toBeInTheDocument();
    show('boolean', false);
    expect(screen.getByRole('img', { name: 'No' })).toBeInTheDocument();
  });

  it('verified: a check when the date is set, an envelope when not', () => {
    show('verified', '2026-01-01T10:00:00.000Z');
    expect(screen.getByRole('img', { name: 'Verified' })).toBeInTheDocument();
    show('verified', null);
    expect(screen.getByRole('img', { name: 'Not verified' })).toBeInTheDocument();
  });

  it("status badge: the status in the record's status_color", () => {
    show('statusBadge', 'PROCESSING', { record: { id: 1, status_color: '#1677ff' } });
    const badge = screen.getByText('PROCESSING');
    expect(badge).toHaveClass('status-badge');
    expect(badge.style.getPropertyValue('--status-color')).toBe('#1677ff');
  });

  it('status dot: green only for the values the column declares active', () => {
    show('status', 'active', { activeValues: ['active'] });
    expect(screen.getByRole('img', { name: 'active' })).toHaveClass('status-dot--active');
    show('status', 'ARCHIVED', { activeValues: ['active'] });
    expect(screen.getByRole('img', { name: 'ARCHIVED' })).not.toHaveClass('status-dot--active');
    // Nothing is hard-coded: without declared values even 'active' is grey.
    show('status', 'ACTIVE');
    expect(screen.getByRole('img', { name: 'ACTIVE' })).not.toHaveClass('status-dot--active');
  });
});
