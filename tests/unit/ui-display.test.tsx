/**
 * The light components without a test of their own elsewhere (src/ui/Select.tsx, Tag.tsx, Avatar.tsx, Glyph.tsx,
 * CompanyLogo.tsx, StatusDot.tsx, Spinner.tsx, FullScreenState.tsx, useMediaQuery.ts) and the design tokens
 * (design-tokens.ts) both they and antd's theme read.
 */
import { act, fireEvent, render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import MoreOutlined from '@ant-design/icons-svg/es/asn/MoreOutlined';
import type { AbstractNode } from '@ant-design/icons-svg/es/types';
import SwapOutlined from '@ant-design/icons-svg/es/asn/SwapOutlined';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PLATFORMS } from '@shared/platforms';
import { resolveThemeColors } from '@/lib/colors';
import { antdTheme } from '@/shell/tenant/AntdTheme';
import { Avatar, AvatarGroup } from '@/ui/Avatar';
import { CompanyLogo, initialsOf } from '@/ui/CompanyLogo';
import { DESIGN_TOKENS, designTokenVariables } from '@/ui/design-tokens';
import { FullScreenState } from '@/ui/FullScreenState';
import { Glyph } from '@/ui/Glyph';
import { Select } from '@/ui/Select';
import { Spinner } from '@/ui/Spinner';
import { StatusDot } from '@/ui/StatusDot';
import { Tag } from '@/ui/Tag';
import { useMediaQuery } from '@/ui/useMediaQuery';

const STATUSES = [
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
] as const;

function StatusFilter({ placeholder }: { placeholder?: string }) {
  const [status, setStatus] = useState<'active' | 'inactive' | undefined>(undefined);
  return (
    <>
      <Select<'active' | 'inactive'>
        aria-label="Status"
        value={status}
        options={[...STATUSES]}
        placeholder={placeholder}
        onChange={setStatus}
      />
      <output aria-label="Chosen">{status ?? 'none'}</output>
    </>
  );
}

describe('Select', () => {
  it('is a named native select whose empty choice is the placeholder, and gives back the typed value', async () => {
    const user = userEvent.setup();
    render(<StatusFilter placeholder="Any" />);
    const select = screen.getByRole('combobox', { name: 'Status' });
    expect(select).toHaveDisplayValue('Any');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Any',
      'Active',
      'Inactive',
    ]);

    await user.selectOptions(select, 'Inactive');
    expect(screen.getByRole('status', { name: 'Chosen' })).toHaveTextContent('inactive');
    await user.selectOptions(select, 'Any');
    expect(screen.getByRole('status', { name: 'Chosen' })).toHaveTextContent('none');
  });

  it('without a placeholder offers only the values', () => {
    render(<StatusFilter />);
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Active', 'Inactive']);
  });

  it('keeps numeric values numeric', () => {
    const onChange = vi.fn();
    render(
      <Select<number>
        aria-label="Rows per page"
        value={10}
        options={[
          { value: 10, label: '10' },
          { value: 25, label: '25' },
        ]}
        onChange={onChange}
      />,
    );
    fireEvent.change(screen.getByRole('combobox', { name: 'Rows per page' }), { target: { value: '25' } });
    expect(onChange).toHaveBeenCalledWith(25);
  });
});

describe('Tag', () => {
  it('shows its text and passes its attributes on', () => {
    render(
      <Tag title="Label" data-color="red">
        Urgent
      </Tag>,
    );
    expect(screen.getByText('Urgent')).toHaveAttribute('title', 'Label');
    expect(screen.getByText('Urgent')).toHaveClass('ui-tag');
  });
});

describe('Avatar', () => {
  it('shows the picture named by the person, and the initials when the picture fails to load', () => {
    render(<Avatar name="Alice Anders" src="/alice.png" />);
    const picture = screen.getByRole('img', { name: 'Alice Anders' });
    expect(picture.tagName).toBe('IMG');
    fireEvent.error(picture);
    const initials = screen.getByRole('img', { name: 'Alice Anders' });
    expect(initials.tagName).toBe('SPAN');
    expect(initials).toHaveTextContent('AA');
  });

  it('is hidden from assistive technology when a neighbouring text names the person', () => {
    render(
      <p>
        <Avatar name="Bob Berg" alt="" /> Bob Berg
      </p>,
    );
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByText('BB')).toHaveAttribute('aria-hidden', 'true');
  });

  it('in a group shows the first ones and counts the rest', () => {
    render(
      <AvatarGroup max={2} moreLabel={(count) => `${count} more`}>
        <Avatar name="Alice Anders" />
        <Avatar name="Bob Berg" />
        <Avatar name="Carol Cole" />
        <Avatar name="Dave Dunn" />
      </AvatarGroup>,
    );
    expect(screen.getAllByRole('img').map((image) => image.getAttribute('aria-label'))).toEqual([
      'Alice Anders',
      'Bob Berg',
      '2 more',
    ]);
    expect(screen.getByRole('img', { name: '2 more' })).toHaveTextContent('+2');
  });
});

describe('CompanyLogo and initials', () => {
  it('takes the first letters of the first two words', () => {
    expect(initialsOf('acme visuals studio')).toBe('AV');
    expect(initialsOf('  Hatch  ')).toBe('H');
  });

  it('shows the logo named by the company, or its monogram', () => {
    const { rerender } = render(<CompanyLogo name="Acme Visuals" logo="/acme.svg" />);
    expect(screen.getByRole('img', { name: 'Acme Visuals' })).toHaveAttribute('src', '/acme.svg');
    rerender(<CompanyLogo name="Acme Visuals" logo={null} />);
    expect(screen.getByRole('img', { name: 'Acme Visuals' })).toHaveTextContent('AV');
  });
});

describe('StatusDot, Spinner and FullScreenState', () => {
  it('name what they show', () => {
    render(
      <>
        <StatusDot active label="Active" />
        <Spinner label="Loading" />
        <Spinner />
      </>,
    );
    expect(screen.getByRole('img', { name: 'Active' })).toHaveClass('status-dot--active');
    expect(screen.getAllByRole('status')).toHaveLength(1);
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
  });

  it('a full-screen state is a main region with its heading, text and actions, announced when it is an alert', () => {
    render(
      <FullScreenState
        role="alert"
        title="Down for maintenance"
        text="Back soon."
        actions={<button type="button">Retry</button>}
      />,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveAttribute('aria-live', 'polite');
    expect(screen.getByRole('heading', { level: 1, name: 'Down for maintenance' })).toBeInTheDocument();
    expect(screen.getByText('Back soon.')).toBeInTheDocument();
    expect(screen.getByRole('main')).toContainElement(screen.getByRole('button', { name: 'Retry' }));
  });
});

describe('useMediaQuery', () => {
  const listeners = new Set<() => void>();
  let matches = false;
  afterEach(() => {
    listeners.clear();
    vi.unstubAllGlobals();
  });

  it('follows the media query as it starts and stops matching', () => {
    vi.stubGlobal(
      'matchMedia',
      vi.fn(() => ({
        get matches() {
          return matches;
        },
        addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
        removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
      })),
    );
    const { result, unmount } = renderHook(() => useMediaQuery('(min-width: 992px)'));
    expect(result.current).toBe(false);
    act(() => {
      matches = true;
      listeners.forEach((listener) => listener());
    });
    expect(result.current).toBe(true);
    unmount();
    expect(listeners.size).toBe(0);
  });

  it('asks the window for one list per query, however often it renders', () => {
    const matchMedia = vi.fn((query: string) => ({
      matches: query === '(min-width: 992px)',
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    vi.stubGlobal('matchMedia', matchMedia);
    const { result, rerender } = renderHook(() => useMediaQuery('(min-width: 992px)'));
    rerender();
    rerender();
    expect(result.current).toBe(true);
    expect(matchMedia).toHaveBeenCalledTimes(1);
  });
});

describe('design tokens', () => {
  it('are the CSS custom properties the light components read, in CSS units', () => {
    const variables = designTokenVariables();
    expect(variables['--ui-control-height']).toBe(`${DESIGN_TOKENS.controlHeight}px`);
    expect(variables['--ui-radius']).toBe(`${DESIGN_TOKENS.radius}px`);
    expect(variables['--ui-font-size']).toBe(`${DESIGN_TOKENS.fontSize}px`);
    expect(variables['--ink']).toBe(DESIGN_TOKENS.ink);
    expect(variables['--ui-table-cell-padding']).toBe(
      `${DESIGN_TOKENS.tableCellPaddingBlock}px ${DESIGN_TOKENS.tableCellPaddingInline}px`,
    );
  });

  it("are antd's tokens too, with the focus ring in the strong theme colour", () => {
    const { token, components } = antdTheme(resolveThemeColors(null, PLATFORMS.hatch));
    expect(token).toMatchObject({
      controlHeight: DESIGN_TOKENS.controlHeight,
      controlHeightSM: DESIGN_TOKENS.controlHeightSmall,
      borderRadius: DESIGN_TOKENS.radius,
      fontSize: DESIGN_TOKENS.fontSize,
      colorBorder: DESIGN_TOKENS.border,
      colorText: DESIGN_TOKENS.ink,
      lineWidthFocus: DESIGN_TOKENS.focusRingWidth,
    });
    expect(token?.controlOutline).toBe(token?.colorPrimary);
    expect(components?.Table).toMatchObject({
      headerBg: DESIGN_TOKENS.tableHeaderBackground,
      rowHoverBg: DESIGN_TOKENS.tableRowHoverBackground,
      cellPaddingBlockMD: DESIGN_TOKENS.tableCellPaddingBlock,
    });
  });
});

describe('Glyph', () => {
  it("draws an antd icon's definition as antd's markup, decorative, without adding a style to the document", () => {
    const styles = document.head.querySelectorAll('style').length;
    const { container } = render(
      <>
        <Glyph icon={MoreOutlined} className="is-active" />
        <Glyph icon={SwapOutlined} />
      </>,
    );
    const [more, swap] = container.querySelectorAll('span');
    expect(more).toHaveClass('anticon', 'anticon-more', 'is-active');
    expect(more).toHaveAttribute('aria-hidden', 'true');
    const svg = more.querySelector('svg')!;
    expect(svg).toHaveAttribute('viewBox', '64 64 896 896');
    expect(svg).toHaveAttribute('fill', 'currentColor');
    expect(svg).toHaveAttribute('width', '1em');
    expect(svg.querySelector('path')).toHaveAttribute(
      'd',
      (MoreOutlined.icon as AbstractNode).children![0].attrs.d,
    );
    // Every path of the definition.
    expect(swap.querySelectorAll('path')).toHaveLength((SwapOutlined.icon as AbstractNode).children!.length);
    expect(document.head.querySelectorAll('style')).toHaveLength(styles);
  });

  it('is an image of its label where it stands alone for a value, and hidden from assistive technology otherwise', () => {
    render(
      <>
        <Glyph icon={MoreOutlined} label="More actions" />
        <Glyph icon={SwapOutlined} />
      </>,
    );
    const more = screen.getByRole('img', { name: 'More actions' });
    expect(more).toHaveClass('anticon-more');
    expect(more).not.toHaveAttribute('aria-hidden');
    // The decorative one is no image at all to a screen reader.
    expect(screen.getAllByRole('img')).toEqual([more]);
  });
});
