/**
 * Issue 31 as a user sees it, component level: the processor's material cards with the upper-cased status badge
 * (spec 2 §Processor) in English and Dutch; a FAILED item offering Reprocess; an upload the server refuses once
 * it arrived (its content) or where it is used (a form's 422 under the field) showing the refusal on the file, not
 * 'Uploaded'; the drop zone listing its kind's types; the Activity tab's empty state and spec 2 §8's notice, and
 * its entries worded in the reader's language from their stored message, never an API path.
 */
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, type FormInstance } from 'antd';
import { I18nextProvider } from 'react-i18next';
import { Route, Routes } from 'react-router';
import { Upload } from 'tus-js-client/lib.esm/browser/index.js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ResumableUpload } from '@/components/upload/ResumableUpload';
import { MODEL_FILE_RULES } from '@/components/upload/upload-rules';
import { useUploadQueue } from '@/components/upload/useUploadQueue';
import ProcessorPage from '@/pages/processor/ProcessorPage';
import { FormFieldInput } from '@/pages/form/FormFieldInput';
import { AccountActivity } from '@/resources/my-account/AccountActivity';
import { tenantStore } from '@/shell/tenant/TenantContext';
import {
  acmeTenant,
  aliceUser,
  type ApiStub,
  laravelList,
  RefineHarness,
  signInAs,
  stubApi,
  stubLive,
} from './data-provider-stub';
import { portalI18n } from './support/portal-app';
import { patternFile, startTusServer, type TusTestServer } from './support/tus-server';

vi.mock('tus-js-client', () => import('tus-js-client/lib.esm/browser/index.js'));

/** Where the generic form's upload queue sends its files: the test's tus server stands in for the API. */
const uploads = vi.hoisted(() => ({ base: '' }));
vi.mock('@/providers/http-client', async (original) => {
  const actual = await original<typeof import('@/providers/http-client')>();
  return {
    ...actual,
    apiUrl: (path: string, options?: Parameters<typeof actual.apiUrl>[1]) =>
      uploads.base && path === '/uploads' ? `${uploads.base}${path}` : actual.apiUrl(path, options),
  };
});

const page = <T,>(data: T[]) => laravelList(data, { perPage: 10 });

const material = (name: string, status: 'ACTIVE' | 'ARCHIVED') => ({
  id: name.length,
  name,
  description: null,
  preview_image_url: null,
  viewer_texture_url: null,
  status,
  status_color: status === 'ACTIVE' ? '#52c41a' : '#8c8c8c',
  categories: [],
  parent_name: null,
  deletable: true,
  created_at: '2026-01-01T10:00:00.000Z',
  updated_at: '2026-01-01T10:00:00.000Z',
  deleted_at: null,
  active_version_creator_name: 'Alice Anders',
});

const item = (id: number, name: string, status: string) => ({
  id,
  name,
  preview_image_url: null,
  status,
  status_color: '#f5222d',
  libraries: [],
  description: null,
  created_at: '2026-01-01T10:00:00.000Z',
  updated_at: '2026-01-01T10:00:00.000Z',
  is_deletable: true,
  deletable: true,
  started_at: '2026-01-01T10:00:00.000Z',
  finished_at: '2026-01-01T10:01:00.000Z',
  uploader_name: 'Alice Anders',
  latest_geometry_event: { message: 'Conversion failed: the file contains no geometry' },
});

function renderProcessor(tab: string, language = 'en') {
  signInAs(aliceUser);
  tenantStore.setTenant(acmeTenant);
  render(
    <RefineHarness path={`/processor?tab=${tab}`} live={stubLive()} i18n={portalI18n(language)}>
      <Routes>
        <Route path="/processor" element={<ProcessorPage />} />
      </Routes>
    </RefineHarness>,
  );
}

const cardOf = (name: string) => screen.getByText(name).closest('li')!;

describe('the processor cards', () => {
  let api: ApiStub;
  beforeEach(() => {
    api = stubApi()
      .on('GET', '/projects/models', { body: page([]) })
      .on('GET', '/libraries/items', { body: page([item(21, 'Track Spot', 'FAILED')]) })
      .on('GET', '/materials', {
        body: page([material('Oak Natural', 'ACTIVE'), material('Vintage Brass', 'ARCHIVED')]),
      });
  });

  it('show the material status badge upper-cased', async () => {
    renderProcessor('materials');
    await screen.findByText('Oak Natural');
    expect(cardOf('Oak Natural').querySelector('.status-badge')).toHaveTextContent(/^ACTIVE$/);
    expect(cardOf('Vintage Brass').querySelector('.status-badge')).toHaveTextContent(/^ARCHIVED$/);
    expect(api.calls('/materials')).toHaveLength(1);
  });

  it('show it upper-cased in Dutch too', async () => {
    renderProcessor('materials', 'nl');
    await screen.findByText('Oak Natural');
    expect(cardOf('Oak Natural').querySelector('.status-badge')).toHaveTextContent(/^ACTIEF$/);
    expect(cardOf('Vintage Brass').querySelector('.status-badge')).toHaveTextContent(/^GEARCHIVEERD$/);
  });

  it('offer Reprocess on a FAILED item: its way out', async () => {
    const user = userEvent.setup();
    renderProcessor('items');
    await screen.findByText('Track Spot');
    await user.click(screen.getByRole('button', { name: 'Actions for Track Spot' }));
    expect(
      within(screen.getByRole('menu'))
        .getAllByRole('menuitem')
        .map((entry) => entry.textContent),
    ).toEqual(['Reprocess', 'Archive', 'Edit', 'Delete']);
  });
});

describe('an upload the server refuses', () => {
  let server: TusTestServer;
  beforeEach(async () => {
    localStorage.clear();
    server = await startTusServer();
    uploads.base = server.endpoint.replace(/\/uploads$/, '');
  });
  afterEach(async () => {
    uploads.base = '';
    await server.close();
  });

  const CONTENT_REFUSAL =
    'The file is not a readable FBX model: its first bytes are not those of an FBX file.';
  const options = () => ({
    createUpload: (file: File, tusOptions: ConstructorParameters<typeof Upload>[1]) =>
      new Upload(file, { ...tusOptions, endpoint: server.endpoint }),
  });

  function ModelFiles() {
    const handle = useUploadQueue(MODEL_FILE_RULES, undefined, options());
    return <ResumableUpload handle={handle} />;
  }

  const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;
  const row = (name: string) => screen.getByText(name).closest('li')!;

  it('shows the refusal of its content on the file, never Uploaded, and the hint lists its kind types', async () => {
    // The contract server answers the last chunk of a file whose content is not what its name says with a 422.
    server.intercept = (request, response) => {
      if (request.method !== 'PATCH') return false;
      request.resume();
      response.writeHead(422, { 'Content-Type': 'application/json', 'Access-Control-Allow-Origin': '*' });
      response.end(JSON.stringify({ message: CONTENT_REFUSAL, errors: { file: [CONTENT_REFUSAL] } }));
      return true;
    };
    const user = userEvent.setup({ applyAccept: false });
    render(
      <I18nextProvider i18n={portalI18n('en')}>
        <ModelFiles />
      </I18nextProvider>,
    );
    expect(
      screen.getByText(
        'Accepted types: .fbx, .glb, .gltf, .obj, .stl, .ply, .3mf, .step, .stp, .iges, .igs, .ifc, .3dm, .zip',
      ),
    ).toBeInTheDocument();
    await user.upload(fileInput(), [patternFile('broken.fbx', 100)]);
    expect(await within(row('broken.fbx')).findByRole('alert')).toHaveTextContent(CONTENT_REFUSAL);
    expect(within(row('broken.fbx')).queryByText('Uploaded')).toBeNull();
    expect(within(row('broken.fbx')).queryByRole('progressbar')).toBeNull();
  });

  it("shows a form's refusal under the file on the file itself, instead of its Uploaded tick", async () => {
    let form: FormInstance | undefined;
    function ItemForm() {
      const [instance] = Form.useForm();
      form = instance;
      return (
        <Form form={instance}>
          <Form.Item name="upload_id" label="File">
            <FormFieldInput
              ns="libraryItems"
              field={{
                name: 'upload_id',
                labelKey: 'fields.file',
                kind: 'file',
                upload: 'library-item-file',
              }}
            />
          </Form.Item>
        </Form>
      );
    }
    const user = userEvent.setup({ applyAccept: false });
    render(
      <RefineHarness i18n={portalI18n('en')}>
        <ItemForm />
      </RefineHarness>,
    );
    expect(
      screen.getByText(
        'Accepted types: .fbx, .glb, .gltf, .obj, .stl, .ply, .3mf, .step, .stp, .iges, .igs, .ifc, .3dm, .zip, .matz',
      ),
    ).toBeInTheDocument();
    await user.upload(fileInput(), [patternFile('chair.fbx', 100)]);
    await waitFor(() => expect(form?.getFieldValue('upload_id')).toEqual(expect.any(String)));
    expect(within(row('chair.fbx')).getByText('Uploaded')).toBeInTheDocument();

    act(() => form?.setFields([{ name: 'upload_id', errors: [CONTENT_REFUSAL] }]));
    await waitFor(() =>
      expect(within(row('chair.fbx')).getByRole('alert')).toHaveTextContent(CONTENT_REFUSAL),
    );
    expect(within(row('chair.fbx')).queryByText('Uploaded')).toBeNull();
  });
});

describe('the Activity tab', () => {
  const renderActivity = (language = 'en') => {
    signInAs(aliceUser);
    tenantStore.setTenant(acmeTenant);
    render(
      <RefineHarness i18n={portalI18n(language)}>
        <AccountActivity />
      </RefineHarness>,
    );
  };

  it("says 'No User Activity Found...' when there is none", async () => {
    stubApi().on('GET', '/my-account/activity', { body: laravelList([]) });
    renderActivity();
    await screen.findByText('No User Activity Found...');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the notice of spec 2 §8 when the activity data is missing or the route fails', async () => {
    stubApi().on('GET', '/my-account/activity', { body: { message: 'ok' } });
    renderActivity();
    await screen.findByText(
      'Route not accessible due to updates in BV-2146. Will be available after BV-2229 is completed.',
    );
  });

  it('shows the notice when the route answers an error', async () => {
    stubApi().on('GET', '/my-account/activity', { status: 500, body: { message: 'Server Error' } });
    renderActivity();
    await screen.findByText(
      'Route not accessible due to updates in BV-2146. Will be available after BV-2229 is completed.',
    );
  });

  it('words each entry from its stored message in the reader language, never the API path', async () => {
    stubApi().on('GET', '/my-account/activity', {
      body: laravelList([
        {
          id: 2,
          action: 'updated',
          subject: 'users/3',
          message: 'Updated user Bob Brink',
          message_key: 'account:activity.messages.updated',
          message_params: { context: 'user', name: 'Bob Brink' },
          datetime: '2026-01-01T10:00:00.000Z',
        },
        {
          id: 1,
          action: 'created',
          subject: 'users/invite',
          message: 'Invited erin@umbrella.test',
          message_key: 'account:activity.messages.invited',
          message_params: { email: 'erin@umbrella.test' },
          datetime: '2026-01-01T09:00:00.000Z',
        },
      ]),
    });
    renderActivity('nl');
    await screen.findByText('Gebruiker Bob Brink gewijzigd');
    expect(screen.getByText('erin@umbrella.test uitgenodigd')).toBeInTheDocument();
    expect(screen.queryByText(/users\//)).toBeNull();
  });
});
