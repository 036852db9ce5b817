/**
 * The 3D viewer on the overviews (issue 28), in jsdom, which has no WebGL: without WebGL 2 the frame keeps the
 * preview image with a note and never loads the viewer's chunk; where a WebGL context cannot be made the viewer
 * falls back the same way; the statistics panel lists the figures formatted in English and Dutch; the overviews
 * show the viewer (its chunk stood in for here, the real one is tested in Chromium by tests/e2e/viewer.spec.ts)
 * only with `viewer_model_url` / `viewer_texture_url`, the loading indicator until the chunk has arrived, and
 * download the original file and the optimized glb from the right URLs.
 */
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { declaredOverviewPage } from '@/pages/show/OverviewPage';
import type { GeometryStatistics } from '@shared/geometry-statistics';
import type { ViewerProps } from '@/components/viewer/Viewer3D';
import { Viewer3D } from '@/components/viewer/Viewer3D';
import libraryItemOverview from '@/resources/library-items/library-items.overview';
import { libraryItems } from '@/resources/library-items/library-items.resource';
import materialOverview from '@/resources/materials/materials.overview';
import { materials } from '@/resources/materials/materials.resource';
import { models } from '@/resources/models/models.resource';
import modelOverview from '@/resources/models/models.overview';
import { tenantStore } from '@/shell/tenant/TenantContext';
import { Toaster } from '@/ui/toast';
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

const LibraryItemOverviewPage = declaredOverviewPage(libraryItemOverview);
const MaterialOverviewPage = declaredOverviewPage(materialOverview);
const ModelOverviewPage = declaredOverviewPage(modelOverview);

/** The viewer's chunk stands in as a marker of what it was given; its arrival is held until a test lets it go. */
const chunk = vi.hoisted(() => {
  let release: () => void = () => undefined;
  let arrived = Promise.resolve();
  return {
    hold() {
      arrived = new Promise<void>((resolve) => (release = resolve));
    },
    release: () => release(),
    arrival: () => arrived,
    loads: 0,
  };
});
vi.mock('@/components/viewer/ModelViewer', async () => {
  chunk.loads += 1;
  await chunk.arrival();
  const StandIn: ComponentType<ViewerProps> = (props) => (
    <div
      data-testid="model-viewer"
      data-variant={props.variant}
      data-url={props.url}
      data-name={props.name}
      data-triangles={props.statistics?.triangles ?? ''}
    />
  );
  return { default: StandIn };
});
const saved = vi.hoisted(() => ({ files: [] as string[] }));
vi.mock('@/lib/save-blob', () => ({ saveBlob: (_blob: Blob, name: string) => saved.files.push(name) }));

const statistics: GeometryStatistics = {
  format: 'FBX',
  version: '7.4',
  encoding: 'binary',
  meshes: 3,
  materials: 2,
  textures: 1,
  nodes: 5,
  triangles: 12_345,
  vertices: 8_642,
  size_m: [1.25, 0.8, 2.5],
  original_bytes: 12_000_000,
  converted_bytes: 4_000_000,
  optimized_bytes: 1_800_000,
};

const viewerProps: ViewerProps = {
  variant: 'model',
  url: 'http://acme.test/api/v2/files/viewer/lobby.glb',
  name: 'Lobby',
  previewUrl: 'http://acme.test/api/v2/files/previews/lobby.webp',
  statistics,
};

function renderViewer(language = 'en', props: ViewerProps = viewerProps) {
  return render(
    <I18nextProvider i18n={portalI18n(language)}>
      <Viewer3D {...props} />
    </I18nextProvider>,
  );
}

/** The figures of the statistics panel, as 'label: value'. */
const figures = (panel: HTMLElement) =>
  [...panel.querySelectorAll('dt')].map(
    (term) => `${term.textContent}: ${term.nextElementSibling!.textContent}`,
  );

const withWebgl2 = () => vi.stubGlobal('WebGL2RenderingContext', class WebGL2RenderingContext {});

afterEach(() => {
  vi.unstubAllGlobals();
  saved.files = [];
});

describe('the viewer without WebGL 2', () => {
  it('keeps the preview image with a note and does not load the viewer', async () => {
    const loadsBefore = chunk.loads;
    renderViewer();
    expect(screen.getByRole('img', { name: 'Preview of Lobby' })).toHaveAttribute(
      'src',
      viewerProps.previewUrl,
    );
    expect(screen.getByRole('status')).toHaveTextContent(
      'The 3D view needs WebGL 2, which this browser or device does not offer. The preview image is shown instead.',
    );
    expect(screen.queryByRole('group', { name: '3D view of Lobby' })).toBeNull();
    expect(screen.queryByTestId('model-viewer')).toBeNull();
    expect(chunk.loads).toBe(loadsBefore);
    // The 3D tools need the 3D view; only the statistics are offered.
    const toolbar = screen.getByRole('group', { name: '3D view controls' });
    expect(
      within(toolbar)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual(['Statistics']);
  });

  it('says so for a material too, without a statistics button', () => {
    renderViewer('nl', {
      variant: 'material',
      url: 'http://acme.test/oak.png',
      name: 'Oak',
      previewUrl: null,
    });
    expect(screen.getByRole('img', { name: 'Nog geen voorbeeld' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(/heeft WebGL 2 nodig/);
    expect(screen.queryByRole('group', { name: 'Bediening van de 3D-weergave' })).toBeNull();
  });
});

describe('the statistics panel', () => {
  it('lists the figures formatted in English, shown and hidden by its toggle and by Escape', async () => {
    const user = userEvent.setup();
    renderViewer();
    const toggle = screen.getByRole('button', { name: 'Statistics' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(screen.queryByRole('region', { name: 'Model statistics' })).toBeNull();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    const panel = screen.getByRole('region', { name: 'Model statistics' });
    expect(toggle).toHaveAttribute('aria-controls', panel.id);
    expect(figures(panel)).toEqual([
      'Triangles: 12,345',
      'Vertices: 8,642',
      'Meshes: 3',
      'Materials: 2',
      'Textures: 1',
      'Size (W × H × D): 1.25 × 0.8 × 2.5 m',
      'Original file: 12 MB',
      'Optimized glTF: 1.8 MB (85% smaller)',
      'Format: FBX 7.4, binary',
    ]);

    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(screen.queryByRole('region', { name: 'Model statistics' })).toBeNull();
  });

  it('in Dutch', async () => {
    const user = userEvent.setup();
    renderViewer('nl', {
      ...viewerProps,
      statistics: { ...statistics, encoding: 'ascii', optimized_bytes: 12_500_000, triangles: 1_234_567 },
    });
    await user.click(screen.getByRole('button', { name: 'Statistieken' }));
    expect(figures(screen.getByRole('region', { name: 'Modelstatistieken' }))).toEqual([
      'Driehoeken: 1.234.567',
      'Hoekpunten: 8.642',
      'Meshes: 3',
      'Materialen: 2',
      'Texturen: 1',
      'Afmetingen (B × H × D): 1,25 × 0,8 × 2,5 m',
      'Origineel bestand: 12 MB',
      // Not smaller: no saving to speak of.
      'Geoptimaliseerde glTF: 12,5 MB',
      'Bestandsindeling: FBX 7.4, ASCII',
    ]);
  });
});

describe('the viewer with WebGL 2', () => {
  it('shows the preview with the loading indicator until its chunk has arrived, then the viewer', async () => {
    withWebgl2();
    chunk.hold();
    renderViewer();
    expect(screen.getByRole('img', { name: 'Preview of Lobby' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading 3D view...');
    await act(async () => chunk.release());
    const viewer = await screen.findByTestId('model-viewer');
    expect(viewer).toHaveAttribute('data-url', viewerProps.url);
    expect(viewer).toHaveAttribute('data-triangles', '12345');
    expect(screen.queryByText('Loading 3D view...')).toBeNull();
  });

  it('keeps the picture with a note where no WebGL context can be made', async () => {
    withWebgl2();
    // The real viewer: jsdom's canvas makes no WebGL context, so three's renderer cannot start.
    const { default: RealViewer } = await vi.importActual<typeof import('@/components/viewer/ModelViewer')>(
      '@/components/viewer/ModelViewer',
    );
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <I18nextProvider i18n={portalI18n('en')}>
        <RealViewer {...viewerProps} />
      </I18nextProvider>,
    );
    await screen.findByText(/The 3D view needs WebGL 2/);
    expect(screen.getByRole('img', { name: 'Preview of Lobby' })).toBeInTheDocument();
    // The stage stays labelled and focusable, with the keys described.
    const stage = screen.getByRole('group', { name: '3D view of Lobby' });
    expect(stage).toHaveAttribute('tabindex', '0');
    expect(stage).toHaveAttribute('aria-roledescription', '3D viewer');
    expect(stage).toHaveAccessibleDescription(/arrow keys orbit, Shift with the arrow keys pans/);
    expect(screen.queryByRole('button', { name: 'Fit to view' })).toBeNull();
    vi.mocked(console.error).mockRestore();
  });
});

/** A finished model as its detail answers it, with or without its viewer fields. */
const lobby = {
  id: 7,
  project_id: 1,
  name: 'Harbour Tower – Lobby',
  description: 'Lobby of the tower.',
  status: 'FINISHED',
  status_color: '#52c41a',
  preview_image_url: 'http://acme.test/api/v2/files/previews/lobby.webp',
  created_at: '2026-01-01T10:00:00.000Z',
  updated_at: '2026-01-01T10:02:00.000Z',
  started_at: '2026-01-01T10:00:00.000Z',
  finished_at: '2026-01-01T10:01:30.000Z',
  deleted_at: null,
  uploader_name: 'Alice Anders',
  latest_geometry_event: { message: 'Processing finished', created_at: '2026-01-01T10:01:30.000Z' },
  project: { id: 1, name: 'Harbour Tower' },
  file: { name: 'lobby.fbx', size: 12_000_000 },
  geometry_events: [{ message: 'Processing finished', created_at: '2026-01-01T10:01:30.000Z' }],
  viewer_model_url: 'http://acme.test/api/v2/files/viewer/lobby.glb',
  statistics,
};

/** The overviews at `path`, over the API the test stubbed. */
function renderAt(path: string, language = 'en') {
  signInAs(aliceUser);
  tenantStore.setTenant(acmeTenant);
  render(
    <RefineHarness path={path} live={stubLive()} user={aliceUser} i18n={portalI18n(language)}>
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
      </Routes>
      <Toaster label="Messages" closeLabel="Close" />
    </RefineHarness>,
  );
}

describe('the overviews', () => {
  beforeEach(() => withWebgl2());

  it('show a processed model in the viewer with its statistics, and download both files', async () => {
    const api = stubApi()
      .on('GET', '/projects/models/:id', { body: { data: lobby } })
      .on('GET', '/projects/models/:id/download/:variant', { body: { bytes: 'glb' } });
    const user = userEvent.setup();
    renderAt('/projects/models/overview/7');
    const viewer = await screen.findByTestId('model-viewer');
    expect(viewer).toHaveAttribute('data-variant', 'model');
    expect(viewer).toHaveAttribute('data-url', lobby.viewer_model_url);
    expect(viewer).toHaveAttribute('data-name', 'Harbour Tower – Lobby');
    expect(viewer).toHaveAttribute('data-triangles', '12345');
    // The viewer takes the picture's place.
    expect(screen.queryByRole('img', { name: 'Preview of Harbour Tower – Lobby' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Download original file' }));
    await waitFor(() => expect(saved.files).toEqual(['lobby.fbx']));
    expect(api.calls('/projects/models/7/download/original')).toHaveLength(1);
    expect(api.calls('/projects/models/7/download/original')[0].headers.Authorization).toBe(
      'Bearer token-123',
    );

    await user.click(screen.getByRole('button', { name: 'Download glTF (optimized)' }));
    await waitFor(() => expect(saved.files).toEqual(['lobby.fbx', 'Harbour Tower – Lobby.glb']));
    expect(api.calls('/projects/models/7/download/optimized')).toHaveLength(1);
  });

  it('show the picture and only the original download until the model is processed', async () => {
    stubApi().on('GET', '/projects/models/:id', {
      body: { data: { ...lobby, status: 'PROCESSING', viewer_model_url: null, statistics: null } },
    });
    renderAt('/projects/models/overview/7', 'nl');
    await screen.findByRole('img', { name: 'Voorbeeld van Harbour Tower – Lobby' });
    expect(screen.queryByTestId('model-viewer')).toBeNull();
    expect(screen.getByRole('button', { name: 'Origineel bestand downloaden' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'glTF downloaden (geoptimaliseerd)' })).toBeNull();
  });

  it('say so when a download fails', async () => {
    stubApi()
      .on('GET', '/projects/models/:id', { body: { data: lobby } })
      .on('GET', '/projects/models/:id/download/:variant', {
        status: 404,
        body: { message: 'File not found.' },
      });
    const user = userEvent.setup();
    renderAt('/projects/models/overview/7');
    await user.click(await screen.findByRole('button', { name: 'Download glTF (optimized)' }));
    expect(
      await screen.findByText('Harbour Tower – Lobby.glb could not be downloaded. Please try again.'),
    ).toBeVisible();
    expect(saved.files).toEqual([]);
  });

  it("show a library item in the viewer and download from the item's URLs", async () => {
    const item = {
      ...lobby,
      id: 5,
      name: 'Oak chair',
      library_ids: [2],
      libraries: [{ id: 2, name: 'Furniture' }],
      deletable: true,
      file: { name: 'oak-chair.zip', size: 3_000_000 },
      viewer_model_url: 'http://acme.test/api/v2/files/viewer/chair.glb',
    };
    const api = stubApi()
      .on('GET', '/libraries/items/:id', { body: { data: item } })
      .on('GET', '/libraries/items/:id/download/:variant', { body: {} });
    const user = userEvent.setup();
    renderAt('/libraries/items/overview/5');
    expect(await screen.findByTestId('model-viewer')).toHaveAttribute('data-url', item.viewer_model_url);
    await user.click(screen.getByRole('button', { name: 'Download glTF (optimized)' }));
    await waitFor(() => expect(saved.files).toEqual(['Oak chair.glb']));
    expect(api.calls('/libraries/items/5/download/optimized')).toHaveLength(1);
  });

  it('show a material on the sphere only with its base-colour map', async () => {
    const oak = {
      id: 11,
      name: 'Oak',
      description: null,
      preview_image_url: 'http://acme.test/api/v2/files/previews/oak.png',
      viewer_texture_url: 'http://acme.test/api/v2/files/textures/oak.png',
      status: 'ACTIVE',
      status_color: '#52c41a',
      categories: [],
      parent_name: null,
      deletable: true,
      active_version_creator_name: 'Alice Anders',
      created_at: '2026-01-01T10:00:00.000Z',
      updated_at: '2026-01-01T10:00:00.000Z',
    };
    const api = stubApi()
      .on('GET', '/materials/:name', { body: { data: oak } })
      .on('GET', '/materials', { body: laravelList([]) });
    renderAt('/materials/overview/Oak');
    const viewer = await screen.findByTestId('model-viewer');
    expect(viewer).toHaveAttribute('data-variant', 'material');
    expect(viewer).toHaveAttribute('data-url', oak.viewer_texture_url);
    // Without one: the picture, and no viewer.
    cleanup();
    api.on('GET', '/materials/:name', { body: { data: { ...oak, viewer_texture_url: null } } });
    renderAt('/materials/overview/Oak');
    expect(await screen.findByRole('img', { name: 'Oak' })).toHaveAttribute('src', oak.preview_image_url);
    expect(screen.queryByTestId('model-viewer')).toBeNull();
  });
});
