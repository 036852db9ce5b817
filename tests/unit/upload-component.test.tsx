/**
 * The upload component (spec 2 §5, §9) as a user sees it, against a real tus server: a row per file with name,
 * size and progress bar; refusals with the spec's messages (in English and Dutch); cancel and remove.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { Upload } from 'tus-js-client/lib.esm/browser/index.js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ResumableUpload } from '@/components/upload/ResumableUpload';
import { MODEL_FILE_RULES } from '@/components/upload/upload-rules';
import { useUploadQueue } from '@/components/upload/useUploadQueue';
import { portalI18n } from './support/portal-app';
import { patternFile, startTusServer, type TusTestServer } from './support/tus-server';

vi.mock('tus-js-client', () => import('tus-js-client/lib.esm/browser/index.js'));

let server: TusTestServer;
beforeEach(async () => {
  localStorage.clear();
  server = await startTusServer();
});
afterEach(() => server.close());

function ModelFiles({ onFinished }: { onFinished?: () => void }) {
  // The page's queue, pointed at the test server.
  const handle = useUploadQueue(MODEL_FILE_RULES, onFinished, {
    createUpload: (file, options) => new Upload(file, { ...options, endpoint: server.endpoint }),
  });
  return <ResumableUpload handle={handle} multiple />;
}

const renderUpload = (language = 'en', onFinished?: () => void) =>
  render(
    <I18nextProvider i18n={portalI18n(language)}>
      <ModelFiles onFinished={onFinished} />
    </I18nextProvider>,
  );

const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;
const row = (name: string) => screen.getByText(name).closest('li')!;

describe('the upload component', () => {
  it('shows each file with its size and progress, and the refused ones with the reason', async () => {
    const onFinished = vi.fn();
    const user = userEvent.setup({ applyAccept: false });
    renderUpload('en', onFinished);
    expect(screen.getByText('Drop files here or click to choose them')).toBeInTheDocument();

    await user.upload(fileInput(), [
      patternFile('Lobby.fbx', 6_000_000),
      patternFile('notes.txt', 20),
      patternFile('empty.matz', 0),
    ]);

    const lobby = row('Lobby.fbx');
    expect(within(lobby).getByText('6 MB')).toBeInTheDocument();
    const progress = within(lobby).getByRole('progressbar');
    await waitFor(() => expect(progress).toHaveAttribute('aria-valuenow', '100'));
    expect(within(lobby).getByText('Uploaded')).toBeInTheDocument();
    expect(onFinished).toHaveBeenCalledTimes(1);

    expect(within(row('notes.txt')).getByRole('alert')).toHaveTextContent('File is of invalid type');
    expect(within(row('empty.matz')).getByRole('alert')).toHaveTextContent('File is too small');
    expect(within(row('notes.txt')).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(server.of('POST')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Remove notes.txt from the list' }));
    expect(screen.queryByText('notes.txt')).not.toBeInTheDocument();
  });

  it('shows the server refusing a file', async () => {
    server.intercept = (request, response) => {
      if (request.method !== 'POST') return false;
      response.writeHead(422, { 'Content-Type': 'application/json', 'Access-Control-Allow-Origin': '*' });
      response.end(
        JSON.stringify({
          message: 'x',
          errors: { file: ['The file field must be a file of type: fbx, zip.'] },
        }),
      );
      return true;
    };
    const user = userEvent.setup({ applyAccept: false });
    renderUpload();
    await user.upload(fileInput(), [patternFile('renamed.fbx', 100)]);

    expect(await within(row('renamed.fbx')).findByRole('alert')).toHaveTextContent(
      'The file field must be a file of type: fbx, zip.',
    );
  });

  it('cancels a running upload', async () => {
    let patches = 0;
    server.intercept = (request) => request.method === 'PATCH' && ++patches === 2;
    const user = userEvent.setup({ applyAccept: false });
    renderUpload();
    await user.upload(fileInput(), [patternFile('Hall.fbx', 12_000_000)]);
    await server.received('PATCH', 2);
    expect(patches).toBe(2);
    expect(within(row('Hall.fbx')).getByText(/^Uploading\.\.\. \d+%$/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Cancel the upload of Hall.fbx' }));
    expect(screen.queryByText('Hall.fbx')).not.toBeInTheDocument();
    await server.received('DELETE');
    expect(server.of('DELETE')).toHaveLength(1);
  });

  it('says why in Dutch too', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderUpload('nl');
    await user.upload(fileInput(), [patternFile('plan.pdf', 20)]);
    expect(within(row('plan.pdf')).getByRole('alert')).toHaveTextContent('Bestand is van een ongeldig type');
  });
});
