/**
 * Issue 31's last overview polish, at the component level: the overviews of models, library items, materials and
 * issue reports name their dates alike (spec 2 §2's model card: 'created, updated'), in English and Dutch; the
 * material overview shows its status badge beside its title, as the model and item overviews do; the issue report
 * overview is on the layout of every overview (breadcrumbs, page header, the details card with the labels above
 * their values), not a back button over a bordered table, and so is the generic overview (a feedback report); the
 * item overview shows Reprocess disabled with its reason while it cannot be used, as the model overview does.
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { columnsOverview, declaredOverviewPage } from '@/pages/show/OverviewPage';
import feedbackReports from '@/resources/feedback-reports/admin-feedback-reports.resource';
import issueReports from '@/resources/issue-reports/admin-issue-reports.resource';
import issueReportOverview from '@/resources/issue-reports/issue-reports.overview';
import libraryItemOverview from '@/resources/library-items/library-items.overview';
import { libraryItems } from '@/resources/library-items/library-items.resource';
import materialOverview from '@/resources/materials/materials.overview';
import { materials } from '@/resources/materials/materials.resource';
import modelOverview from '@/resources/models/models.overview';
import { models } from '@/resources/models/models.resource';
import { CommandPaletteLauncher } from '@/shell/command-palette/CommandPaletteLauncher';
import { tenantStore } from '@/shell/tenant/TenantContext';
import {
  acmeTenant,
  aliceUser,
  laravelList,
  RefineHarness,
  signInAs,
  stubApi,
  stubLive,
} from './data-provider-stub';
import { portalI18n } from './support/portal-app';
import { oakMaterial } from './support/material-records';

const LibraryItemOverviewPage = declaredOverviewPage(libraryItemOverview);
const MaterialOverviewPage = declaredOverviewPage(materialOverview);
const ModelOverviewPage = declaredOverviewPage(modelOverview);
const IssueReportOverviewPage = declaredOverviewPage(issueReportOverview);
const FeedbackOverviewPage = declaredOverviewPage(columnsOverview(feedbackReports));

const times = {
  created_at: '2026-01-01T10:00:00.000Z',
  updated_at: '2026-01-02T10:00:00.000Z',
  started_at: null,
  finished_at: null,
  deleted_at: null,
};

const processed = {
  description: 'A chair.',
  status: 'QUEUED',
  status_color: '#8c8c8c',
  preview_image_url: null,
  uploader_name: 'Alice Anders',
  latest_geometry_event: { message: 'Upload received', created_at: times.created_at },
  geometry_events: [{ message: 'Upload received', created_at: times.created_at }],
  viewer_model_url: null,
  statistics: null,
  ...times,
};

const model = {
  id: 7,
  project_id: 1,
  name: 'Lobby',
  project: { id: 1, name: 'Harbour Tower' },
  file: { name: 'lobby.fbx', size: 12_000_000 },
  ...processed,
};

const item = {
  id: 5,
  name: 'Oak chair',
  library_ids: [2],
  libraries: [{ id: 2, name: 'Furniture' }],
  is_deletable: true,
  deletable: true,
  file: { name: 'oak-chair.zip', size: 3_000_000 },
  ...processed,
};

const oak = { ...oakMaterial, ...times };

const report = {
  id: 42,
  status: 'open',
  severity: 'high',
  products: { hatch: '1', mobile: '1' },
  description: 'The upload stops at 99%.',
  external_link: 'https://tracker.example/BV-42',
  screenshot_url: null,
  company: { id: 1, name: 'Acme Visuals' },
  user: { id: 2, name: 'Alice Anders', email: 'alice@acme.test' },
  created_at: times.created_at,
  updated_at: times.updated_at,
};

const feedback = {
  id: 9,
  rating: 4,
  comment: 'The new global search saves me a lot of time.',
  company: { id: 1, name: 'Acme Visuals' },
  user: { id: 2, name: 'Alice Anders', email: 'alice@acme.test' },
  created_at: times.created_at,
  updated_at: times.updated_at,
};

const admin = { ...aliceUser, name: 'Ada Admin', admin: true, abilities: [] };

function renderAt(path: string, language = 'en', user = aliceUser) {
  signInAs(user);
  tenantStore.setTenant(acmeTenant);
  stubApi()
    .on('GET', '/projects/models/:id', { body: { data: model } })
    .on('GET', '/libraries/items/:id', { body: { data: item } })
    .on('GET', '/materials/:name', { body: { data: oak } })
    .on('GET', '/materials', { body: laravelList([]) })
    .on('GET', '/admin/issue-reports/:id', { body: { data: report } })
    .on('GET', '/admin/feedback-reports/:id', { body: { data: feedback } });
  return render(
    <RefineHarness path={path} live={stubLive()} user={user} i18n={portalI18n(language)}>
      <CommandPaletteLauncher />
      <Routes>
        <Route
          path="/projects/models/overview/:modelId"
          element={<ModelOverviewPage resource={models} action="show" />}
        />
        <Route
          path="/libraries/items/overview/:itemId"
          element={<LibraryItemOverviewPage resource={libraryItems} action="show" />}
        />
        <Route
          path="/materials/overview/:materialName"
          element={<MaterialOverviewPage resource={materials} action="show" />}
        />
        <Route
          path="/admin/feedback_report/overview/:feedbackId"
          element={<FeedbackOverviewPage resource={feedbackReports} action="show" />}
        />
        <Route
          path="/admin/issue_report/overview/:issueId"
          element={<IssueReportOverviewPage resource={issueReports} action="show" />}
        />
      </Routes>
    </RefineHarness>,
  );
}

/** The details card's labels, in order. */
const labels = () =>
  [...document.querySelectorAll('.overview-details .ant-descriptions-item-label')].map(
    (label) => label.textContent,
  );

const OVERVIEWS = [
  {
    name: 'model',
    path: '/projects/models/overview/7',
    title: { en: 'Lobby', nl: 'Lobby' },
    user: aliceUser,
  },
  {
    name: 'library item',
    path: '/libraries/items/overview/5',
    title: { en: 'Oak chair', nl: 'Oak chair' },
    user: aliceUser,
  },
  { name: 'material', path: '/materials/overview/Oak', title: { en: 'Oak', nl: 'Oak' }, user: aliceUser },
  {
    name: 'issue report',
    path: '/admin/issue_report/overview/42',
    title: { en: 'Issue report #42', nl: 'Probleemmelding #42' },
    user: admin,
  },
] as const;

const DATES = { en: ['Created', 'Updated'], nl: ['Aangemaakt', 'Gewijzigd'] } as const;

describe("every overview's dates", () => {
  // Spec 2 §2, Models: 'Model card: name, status, colour, preview image, description, created, updated, started,
  // finished, uploader name, latest geometry event message.' Every overview names its dates as the model's does.
  for (const overview of OVERVIEWS) {
    for (const language of ['en', 'nl'] as const) {
      const [created, updated] = DATES[language];
      it(`reads '${created}' and '${updated}' on the ${overview.name} overview (${language})`, async () => {
        renderAt(overview.path, language, overview.user);
        const title = overview.title[language];
        await screen.findByRole('heading', { level: 1, name: title });
        expect(labels()).toEqual(expect.arrayContaining([created, updated]));
        expect(labels()).not.toContain('Modified');
      });
    }
  }
});

describe("every overview's actions in the command palette (issue 33)", () => {
  for (const overview of OVERVIEWS) {
    it(`are the ${overview.name} overview's header buttons the user may press, in their order`, async () => {
      Element.prototype.scrollIntoView ??= () => undefined;
      const user = userEvent.setup();
      renderAt(overview.path, 'en', overview.user);
      const heading = await screen.findByRole('heading', { level: 1, name: overview.title.en });
      const header = heading.closest('header')!;
      const enabled = within(header)
        .queryAllByRole('button')
        .filter((button) => !(button as HTMLButtonElement).disabled)
        .map((button) => button.textContent);
      await user.keyboard('{Control>}k{/Control}');
      const dialog = await screen.findByRole('dialog', { name: 'Command palette' });
      const group = within(dialog).queryByRole('group', { name: 'Actions' });
      const offered = group
        ? within(group)
            .getAllByRole('option')
            .map((option) => option.textContent)
        : [];
      expect(offered).toEqual(enabled);
    });
  }
});

describe('the material overview', () => {
  it('shows its status badge beside its title, the one badge of the model and item overviews', async () => {
    renderAt('/materials/overview/Oak');
    const title = await screen.findByRole('heading', { level: 1, name: 'Oak' });
    const beside = title.closest('.page-header__title')!;
    const badge = within(beside as HTMLElement).getByText('Active');
    expect(badge).toHaveClass('status-badge');
    expect(badge.style.getPropertyValue('--status-color')).toBe('#52c41a');
  });
});

describe('the issue report overview', () => {
  it('has the breadcrumbs back to the issue reports and no back button', async () => {
    renderAt('/admin/issue_report/overview/42', 'en', admin);
    await screen.findByRole('heading', { level: 1, name: 'Issue report #42' });
    const trail = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(trail).getByRole('link', { name: 'Issue reports' })).toHaveAttribute(
      'href',
      '/admin/issue_report',
    );
    expect(within(trail).getByText('Issue report #42')).toHaveAttribute('aria-current', 'page');
    expect(screen.queryByRole('button', { name: /Back to issue reports/ })).toBeNull();
  });

  it('shows its details in the card of every overview, each label above its value, not a bordered table', async () => {
    const { container } = renderAt('/admin/issue_report/overview/42', 'nl', admin);
    await screen.findByRole('heading', { level: 1, name: 'Probleemmelding #42' });
    expect(container.querySelector('.ant-descriptions-bordered')).toBeNull();
    const card = container.querySelector('.show-page__card.overview-details')!;
    expect(card).not.toBeNull();
    expect(labels()).toEqual([
      'ID',
      'Status',
      'Ernst',
      'Producten',
      'Bedrijf',
      'Gebruiker',
      'Aangemaakt',
      'Gewijzigd',
      'Externe link',
      'Omschrijving',
    ]);
    // Vertical: a label's row holds labels only, its value in the row below.
    expect(
      card.querySelector('tr .ant-descriptions-item-content')?.closest('tr')?.querySelector('th'),
    ).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Status' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Schermafbeelding' })).toHaveTextContent(
      'Geen schermafbeelding',
    );
  });
});

describe('the generic overview (a feedback report)', () => {
  it('has the breadcrumbs back to its list and the details card of every overview', async () => {
    const { container } = renderAt('/admin/feedback_report/overview/9', 'nl', admin);
    await screen.findByRole('heading', { level: 1, name: 'Feedbackmelding' });
    const trail = screen.getByRole('navigation', { name: 'Kruimelpad' });
    expect(within(trail).getByRole('link', { name: 'Feedbackmeldingen' })).toHaveAttribute(
      'href',
      '/admin/feedback_report',
    );
    await screen.findByText('Acme Visuals');
    expect(container.querySelector('.show-page__card.overview-details')).not.toBeNull();
    expect(labels()).toEqual(['Beoordeling', 'Bedrijfsnaam', 'Gebruikersnaam', 'Aangemaakt', 'Opmerking']);
    // The labels above their values, as on every overview: no colon after them.
    expect(container.querySelector('.ant-descriptions-item-colon')).toBeNull();
  });
});

describe('Reprocess on the item and model overviews', () => {
  // Issue 31: 'Disabled actions show their reason to sighted users'; the two overviews of a processed file offer
  // their actions alike: Reprocess shown where the user may reprocess, disabled with why while it cannot be.
  it.each([
    ['item', '/libraries/items/overview/5', 'Oak chair', 'Only finished or failed items can be reprocessed'],
    ['model', '/projects/models/overview/7', 'Lobby', 'Only finished or failed models can be reprocessed'],
  ])(
    'the %s overview shows Reprocess disabled with its reason while queued',
    async (_, path, title, reason) => {
      renderAt(path);
      await screen.findByRole('heading', { level: 1, name: title });
      const reprocess = screen.getByRole('button', { name: 'Reprocess' });
      expect(reprocess).toBeDisabled();
      expect(reprocess).toHaveAccessibleDescription(reason);
    },
  );
});
