/**
 * Issue 31's consistency polish, at the component level: every page header orders its buttons by one rule
 * (going back, view, filter, the screen's other actions, Delete, the primary action last), the processor's
 * Materials tab included; one breadcrumb trail (Breadcrumbs) for the tree browsers and every overview, antd's
 * Breadcrumb nowhere.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { Breadcrumbs } from '@/components/Breadcrumbs';
import {
  HEADER_ACTION_ORDER,
  type HeaderAction,
  type HeaderActionPart,
  type HeaderActions,
  orderHeaderActions,
  PageHeader,
} from '@/components/PageHeader';
import ProcessorPage from '@/pages/processor/ProcessorPage';
import { tenantStore } from '@/shell/tenant/TenantContext';
import { acmeTenant, aliceUser, RefineHarness, signInAs, stubApi, stubLive } from './data-provider-stub';
import { portalI18n } from './support/portal-app';

const action = (key: string, part: HeaderActionPart): HeaderAction => ({
  key,
  part,
  node: <button type="button">{key}</button>,
});

const buttonNames = (container: HTMLElement) =>
  within(container)
    .getAllByRole('button')
    .map((button) => button.textContent);

describe('the order of a page header’s buttons', () => {
  it('is one rule: back, view, filter, other actions, Delete, the primary action last', () => {
    expect(HEADER_ACTION_ORDER).toEqual(['back', 'view', 'filter', 'secondary', 'danger', 'primary']);
    const given: HeaderActions = [
      action('Edit', 'primary'),
      action('Delete', 'danger'),
      false,
      action('Duplicate', 'secondary'),
      action('Back', 'back'),
      null,
      action('Archive', 'secondary'),
      action('Filter', 'filter'),
      action('View', 'view'),
    ];
    expect(orderHeaderActions(given).map((item) => item.key)).toEqual([
      'Back',
      'View',
      'Filter',
      'Duplicate',
      'Archive',
      'Delete',
      'Edit',
    ]);
  });

  it('places the buttons by it whatever order a screen lists them in', () => {
    render(
      <PageHeader
        title="Oak"
        actions={[action('Save', 'primary'), action('Delete', 'danger'), action('Cancel', 'secondary')]}
      />,
    );
    expect(buttonNames(screen.getByRole('banner'))).toEqual(['Cancel', 'Delete', 'Save']);
  });
});

const emptyPage = {
  data: [],
  links: { first: null, last: null, prev: null, next: null },
  meta: { current_page: 1, last_page: 1, per_page: 10, total: 0, links: [] },
};

describe('the processor’s header', () => {
  beforeEach(() => {
    stubApi()
      .on('GET', '/projects/models', { body: emptyPage })
      .on('GET', '/libraries/items', { body: emptyPage })
      .on('GET', '/materials', { body: emptyPage });
  });

  it('puts the Materials tab’s Views and Import before its primary New Material, as every list header does', async () => {
    signInAs(aliceUser);
    tenantStore.setTenant(acmeTenant);
    render(
      <RefineHarness
        path="/processor?tab=materials"
        live={stubLive()}
        user={aliceUser}
        i18n={portalI18n('en')}
      >
        <Routes>
          <Route path="/processor" element={<ProcessorPage />} />
        </Routes>
      </RefineHarness>,
    );
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'Materials' })).toHaveAttribute('aria-selected', 'true'),
    );
    const header = screen.getByRole('heading', { level: 1, name: 'Processor' }).closest('header')!;
    expect(buttonNames(header)).toEqual(['Filter', 'Views', 'Import', 'New Material']);
  });
});

function inRouter(element: ReactNode, language = 'en') {
  return render(
    <I18nextProvider i18n={portalI18n(language)}>
      <MemoryRouter>{element}</MemoryRouter>
    </I18nextProvider>,
  );
}

describe('the one breadcrumb trail', () => {
  const steps = [
    { name: 'Projects', to: '/projects' },
    { name: 'Harbour Tower', to: '/projects/overview/1' },
    { name: 'Lobby' },
  ];

  it('is a named navigation with an ordered list: links up to the current page, which is none', () => {
    inRouter(<Breadcrumbs items={steps} />);
    const trail = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(trail).toHaveClass('breadcrumbs');
    expect(
      within(trail)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Projects', 'Harbour Tower', 'Lobby']);
    expect(within(trail).getByRole('link', { name: 'Projects' })).toHaveAttribute('href', '/projects');
    expect(within(trail).getByRole('link', { name: 'Harbour Tower' })).toHaveAttribute(
      'href',
      '/projects/overview/1',
    );
    expect(within(trail).queryByRole('link', { name: 'Lobby' })).toBeNull();
    expect(within(trail).getByText('Lobby')).toHaveAttribute('aria-current', 'page');
  });

  it('names the landmark in Dutch, or as the screen names it', () => {
    inRouter(<Breadcrumbs items={steps} />, 'nl');
    expect(screen.getByRole('navigation', { name: 'Kruimelpad' })).toBeInTheDocument();
    inRouter(<Breadcrumbs label="Libraries" items={[{ name: 'Libraries', to: '/libraries' }]} />);
    expect(screen.getByRole('navigation', { name: 'Libraries' })).toBeInTheDocument();
  });

  it('marks no current page while the last step is still loading', () => {
    inRouter(<Breadcrumbs items={[{ name: 'Libraries', to: '/libraries' }]} loading />);
    const trail = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(trail).toHaveAttribute('aria-busy', 'true');
    expect(within(trail).getByRole('link', { name: 'Libraries' })).toBeInTheDocument();
  });

  it('is the only one: no screen uses antd’s Breadcrumb', () => {
    const sources = (folder: string): string[] =>
      readdirSync(folder).flatMap((entry) => {
        const path = join(folder, entry);
        return statSync(path).isDirectory() ? sources(path) : /\.tsx?$/.test(entry) ? [path] : [];
      });
    const antdBreadcrumb = sources('src').filter((path) =>
      /import\s*\{[^}]*\bBreadcrumb\b[^}]*\}\s*from\s*'antd'/.test(readFileSync(path, 'utf8')),
    );
    expect(antdBreadcrumb).toEqual([]);
  });
});

describe('the role editor’s abilities', () => {
  it('are checkboxes that look like checkboxes: antd’s box per ability, ticked as the role holds them', async () => {
    const { default: AbilitiesInput } = await import('@/resources/roles/AbilitiesInput');
    const { ABILITY_AREAS } = await import('@shared/abilities');
    const projects = ABILITY_AREAS.find((area) => area.key === 'projects')!;
    render(
      <I18nextProvider i18n={portalI18n('en')}>
        <AbilitiesInput
          id="abilities"
          value={['view-projects']}
          field={{ name: 'abilities', labelKey: 'fields.abilities', kind: 'checkboxes' }}
          ns="securityRoles"
        />
      </I18nextProvider>,
    );
    const area = screen.getByRole('group', { name: 'Projects' });
    const boxes = within(area).getAllByRole('checkbox');
    expect(boxes).toHaveLength(projects.abilities.length + 1);
    for (const box of boxes) {
      expect(box).toHaveAttribute('type', 'checkbox');
      // antd's drawn box beside the native input, which is what the user sees.
      expect(box.closest('.ant-checkbox')).not.toBeNull();
      expect(box.closest('.ant-checkbox')!.querySelector('.ant-checkbox-inner')).not.toBeNull();
    }
    expect(within(area).getByRole('checkbox', { name: 'View projects' })).toBeChecked();
    expect(within(area).getByRole('checkbox', { name: 'Create projects' })).not.toBeChecked();
    // One of the area's abilities held: its select-all box is neither ticked nor empty.
    const all = within(area).getByRole('checkbox', { name: 'Select all Projects abilities' });
    expect(all).not.toBeChecked();
    expect(all.closest('.ant-checkbox')).toHaveClass('ant-checkbox-indeterminate');
  });
});

describe('the one image control for a multipart form (the image field kind, the company profile)', () => {
  it('shows the record’s picture, a chosen one as the 100×100 thumbnail, refuses other types, and removes', async () => {
    const { ImageFileInput } = await import('@/components/upload/ImageFileInput');
    const { default: userEvent } = await import('@testing-library/user-event');
    const user = userEvent.setup();
    // jsdom has no object URLs; the browser's give the chosen file's preview its address.
    Object.assign(URL, { createObjectURL: () => 'blob:chosen', revokeObjectURL: () => undefined });
    const changes: Array<File | null> = [];
    const view = (value: unknown) => (
      <I18nextProvider i18n={portalI18n('en')}>
        <ImageFileInput id="logo" value={value} onChange={(next) => changes.push(next)} alt="Logo" />
      </I18nextProvider>
    );
    const { rerender, container } = render(view('/files/logo.png'));
    expect(screen.getByRole('img', { name: 'Logo' })).toHaveAttribute('src', '/files/logo.png');
    expect(screen.getByText('Drop a file here or click to choose one')).toBeInTheDocument();

    const input = container.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, new File(['x'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('File is of invalid type');
    expect(changes).toEqual([]);

    const picture = new File(['png'], 'logo.png', { type: 'image/png' });
    await user.upload(container.querySelector<HTMLInputElement>('input[type="file"]')!, picture);
    await waitFor(() => expect(changes).toHaveLength(1));
    expect(changes[0]!.name).toBe('logo.png');
    expect(screen.queryByRole('alert')).toBeNull();
    rerender(view(changes[0]));
    // jsdom draws no canvas: the thumbnail is the chosen file itself, covering the 100×100 frame.
    const preview = await screen.findByRole('img', { name: 'Logo' });
    await waitFor(() => expect(preview).toHaveAttribute('src', 'blob:chosen'));
    expect(preview).toHaveAttribute('width', '100');
    expect(preview).toHaveAttribute('height', '100');
    expect(preview).toHaveClass('image-upload__thumbnail');

    await user.click(screen.getByRole('button', { name: 'Remove image' }));
    expect(changes[1]).toBeNull();
  });
});
