/**
 * The generic overview page of a declared overview screen (issue 43, src/pages/show/OverviewPage.tsx): from a
 * declaration alone it shows the breadcrumbs from the list through the declared trail to the record, the title with
 * its badge, the declared fields (a renderer, a cell kind, the 'none' text of an empty value) beside the media, a
 * section with its heading, buttons and content, a body given the rendered fields, and the declared way back where
 * the record cannot be loaded.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { formatDate } from '@/components/cells';
import { defineOverviewPage, type OverviewPageDeclaration } from '@/declarations/types';
import { declaredOverviewPage } from '@/pages/show/OverviewPage';
import issueReports from '@/resources/issue-reports/admin-issue-reports.resource';
import materialOverview from '@/resources/materials/materials.overview';
import { materials } from '@/resources/materials/materials.resource';
import { tenantStore } from '@/shell/tenant/TenantContext';
import {
  acmeTenant,
  aliceUser,
  LocationProbe,
  RefineHarness,
  laravelList,
  signInAs,
  type StubAnswer,
  stubApi,
  stubLive,
} from './data-provider-stub';
import { portalI18n } from './support/portal-app';
import { oakMaterial } from './support/material-records';

const admin = { ...aliceUser, name: 'Ada Admin', admin: true, abilities: [] };

const oak = oakMaterial;

interface Report {
  id: number;
  name: string;
  status: string;
  description: string;
  company: { id: number; name: string } | null;
  created_at: string;
}

const report: Report = {
  id: 42,
  name: 'Upload stops',
  status: 'open',
  description: 'The upload stops at 99%.',
  company: { id: 3, name: 'Acme Visuals' },
  created_at: '2026-01-01T10:00:00.000Z',
};

/** A screen of the issue reports' namespace (its texts are real ones), declared as an entity would. */
const declared = defineOverviewPage<Report>({
  titleId: 'report-title',
  className: 'report-overview',
  backKey: 'issue.back',
  useTrail: (shown) =>
    shown?.company ? [{ name: shown.company.name, to: `/companies/${shown.company.id}` }] : [],
  badge: (shown, { t }) => <span className="report-badge">{t(`statuses.${shown.status}`)}</span>,
  noneKey: 'none',
  media: {
    className: 'report-overview__grid',
    render: (shown) => <img src="/preview.png" alt={`Preview of ${shown.name}`} />,
  },
  fields: [
    { key: 'id', labelKey: 'issue.columns.id', field: 'id' },
    { key: 'created', labelKey: 'issue.columns.created', field: 'created_at', kind: 'datetime' },
    { key: 'user', labelKey: 'issue.columns.user', render: () => null },
    { key: 'description', labelKey: 'issue.description', span: 'filled', field: 'description' },
  ],
  sections: [
    {
      id: 'report-notes',
      titleKey: 'issue.screenshot',
      // A declared button of the header's kinds: offered by its `needs` (an administrator here), primary.
      actions: [
        {
          kind: 'link',
          key: 'view-screenshot',
          labelKey: 'issue.view',
          icon: null,
          needs: { admin: true },
          primary: true,
          to: (report) => `/admin/issue-reports/${report.id}/screenshot`,
        },
        {
          kind: 'link',
          key: 'hidden',
          labelKey: 'issue.back',
          icon: null,
          needs: { platform: 'customerportal' },
          to: () => '/',
        },
      ],
      content: ({ record }) => <p>Notes on {record.name}</p>,
    },
  ],
});

function renderOverview(
  screenDeclaration: OverviewPageDeclaration,
  answer: { status?: number; body: unknown },
) {
  signInAs(admin);
  tenantStore.setTenant(acmeTenant);
  stubApi().on('GET', '/admin/issue-reports/:id', answer);
  const Page = declaredOverviewPage(screenDeclaration);
  return render(
    <RefineHarness
      path="/admin/issue_report/overview/42"
      live={stubLive()}
      user={admin}
      i18n={portalI18n('en')}
    >
      <LocationProbe />
      <Routes>
        <Route
          path="/admin/issue_report/overview/:issueId"
          element={<Page resource={issueReports} action="show" />}
        />
      </Routes>
    </RefineHarness>,
  );
}

describe('a declared overview', () => {
  it('shows the trail, the title with its badge, the fields beside the media and the sections', async () => {
    renderOverview(declared, { body: { data: report } });

    const page = await screen.findByRole('region', { name: 'Upload stops' });
    expect(page).toHaveClass('show-page', 'report-overview');

    const trail = within(screen.getByRole('navigation', { name: 'Breadcrumb' }));
    expect(trail.getByRole('link', { name: 'Issue reports' })).toHaveAttribute('href', '/admin/issue_report');
    expect(trail.getByRole('link', { name: 'Acme Visuals' })).toHaveAttribute('href', '/companies/3');
    expect(trail.getByText('Upload stops')).toHaveAttribute('aria-current', 'page');

    const title = screen.getByRole('heading', { level: 1, name: 'Upload stops' });
    expect(title.querySelector('#report-title')).not.toBeNull();
    expect(within(title.parentElement!).getByText('Open')).toHaveClass('report-badge');

    const details = page.querySelector('.report-overview__grid > .overview-details') as HTMLElement;
    const labels = [...details.querySelectorAll('.ant-descriptions-item-label')].map(
      (label) => label.textContent,
    );
    const values = [...details.querySelectorAll('.ant-descriptions-item-content')].map(
      (value) => value.textContent,
    );
    expect(labels).toEqual(['ID', 'Created', 'User', 'Description']);
    expect(values).toEqual([
      '42',
      formatDate(report.created_at, 'en', true),
      '—',
      'The upload stops at 99%.',
    ]);
    expect(
      within(page.querySelector('.report-overview__grid') as HTMLElement).getByRole('img', {
        name: 'Preview of Upload stops',
      }),
    ).toBeVisible();

    const notes = screen.getByRole('region', { name: 'Screenshot' });
    expect(
      within(notes)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['View']);
    expect(within(notes).getByRole('button', { name: 'View' })).toHaveClass('ant-btn-primary');
    expect(within(notes).getByText('Notes on Upload stops')).toBeVisible();
  });

  it('hands the rendered fields and the badge to a body, in place of the details card', async () => {
    renderOverview(
      {
        ...declared,
        media: undefined,
        body: ({ details, badge }) => (
          <dl className="report-body">
            {details.map((detail) => (
              <div key={detail.key}>
                <dt>{detail.label}</dt>
                <dd>{detail.children}</dd>
              </div>
            ))}
            <dd>{badge}</dd>
          </dl>
        ),
      },
      { body: { data: report } },
    );

    const body = (await screen.findByRole('region', { name: 'Upload stops' })).querySelector('.report-body')!;
    expect([...body.querySelectorAll('dt')].map((term) => term.textContent)).toEqual([
      'ID',
      'Created',
      'User',
      'Description',
    ]);
    expect(within(body as HTMLElement).getByText('Open')).toHaveClass('report-badge');
    expect(document.querySelector('.overview-details')).toBeNull();
  });

  it('leads back to the list by the declared way back when the record is not found', async () => {
    renderOverview(declared, {
      status: 404,
      body: { message: 'No query results for model [App\\Models\\Report] 42' },
    });

    await userEvent.click(await screen.findByRole('button', { name: 'Back to issue reports' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin\/issue_report$/);
    expect(screen.queryByRole('heading', { level: 1, name: 'Upload stops' })).toBeNull();
  });

  it("asks for what a section shows with the record, not after it (a material's variants)", async () => {
    signInAs(aliceUser);
    tenantStore.setTenant(acmeTenant);
    let answer: (value: StubAnswer) => void = () => undefined;
    const pending = new Promise<StubAnswer>((resolve) => (answer = resolve));
    const api = stubApi()
      .on('GET', '/materials/:name', () => pending)
      .on('GET', '/materials', {
        body: laravelList([{ ...oak, id: 12, name: 'Oak, smoked', parent_name: 'Oak' }]),
      });
    const Page = declaredOverviewPage(materialOverview);
    render(
      <RefineHarness
        path="/materials/overview/Oak"
        live={stubLive()}
        user={aliceUser}
        i18n={portalI18n('en')}
      >
        <Routes>
          <Route
            path="/materials/overview/:materialName"
            element={<Page resource={materials} action="show" />}
          />
        </Routes>
      </RefineHarness>,
    );

    // The variants are asked for while the material's own answer is still on its way.
    await waitFor(() =>
      expect(api.calls('/materials').map((request) => request.query.get('filter[parent_name]'))).toContain(
        'Oak',
      ),
    );
    expect(api.calls('/materials/Oak')).toHaveLength(1);
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    answer({ body: { data: oak } });
    expect(await screen.findByRole('link', { name: 'Oak, smoked' })).toHaveAttribute(
      'href',
      '/materials/overview/Oak%2C%20smoked',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Oak' })).toBeVisible();
    expect(api.calls('/materials')).toHaveLength(1);
  });
});
