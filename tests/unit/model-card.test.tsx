/**
 * The model card (spec 2 §2 Models, §Processor, §4), the one card of a model on a project's overview (a link) and
 * on the Processor's Models tab (content of the grid's card): every field of the model card with its label in en
 * and nl, '---' where unknown, the latest message followed by '...' while PROCESSING, the elapsed time running
 * while unfinished; and the library item's processor card built of the same pieces.
 */
import { act, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDate } from '@/components/cells';
import { ModelCard, type ModelCardRecord } from '@/resources/models/ModelCard';
import { ItemCard, type ItemCardRecord } from '@/pages/processor/ItemCard';
import { portalI18n } from './support/portal-app';

const NOW = new Date('2026-03-02T10:00:00Z');

const lobby: ModelCardRecord = {
  id: 7,
  name: 'Harbour Tower – Lobby',
  description: 'Lobby of the tower.',
  status: 'PROCESSING',
  status_color: '#1677ff',
  preview_image_url: null,
  created_at: '2026-03-01T08:00:00.000Z',
  updated_at: '2026-03-01T09:00:00.000Z',
  started_at: '2026-03-02T09:59:55.000Z',
  finished_at: null,
  uploader_name: 'Alice Anders',
  latest_geometry_event: { message: 'Reading geometry', created_at: '2026-03-02T09:59:58.000Z' },
};

const facade: ModelCardRecord = {
  ...lobby,
  id: 8,
  name: 'Harbour Tower – Facade',
  description: null,
  status: 'FINISHED',
  status_color: '#52c41a',
  started_at: '2026-03-01T10:00:00.000Z',
  finished_at: '2026-03-01T10:01:30.000Z',
  uploader_name: null,
  latest_geometry_event: { message: 'Processing finished', created_at: '2026-03-01T10:01:30.000Z' },
};

/** Where a link led, and with which navigation state. */
function Arrived() {
  const location = useLocation();
  return <output data-testid="arrived">{`${location.pathname} ${JSON.stringify(location.state)}`}</output>;
}

function renderCard(card: React.ReactNode, language = 'en') {
  return render(
    <I18nextProvider i18n={portalI18n(language)}>
      <MemoryRouter initialEntries={['/']}>
        <Routes>
          <Route path="/" element={card} />
          <Route path="*" element={<Arrived />} />
        </Routes>
      </MemoryRouter>
    </I18nextProvider>,
  );
}

/** The value of the card's fact of this label. */
const fact = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling!.textContent;
const shown = (value: string, language = 'en') => formatDate(value, language, true);

describe('the model card', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows every field of the model card, the message with ... while PROCESSING and a running timer', () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'], now: NOW });
    const { container } = renderCard(<ModelCard model={lobby} />);

    expect(screen.getByText('Harbour Tower – Lobby')).toHaveClass('model-card__name');
    const badge = container.querySelector('.model-status')!;
    expect(badge).toHaveTextContent('Processing');
    expect(badge).toHaveStyle({ '--status-color': '#1677ff' });
    expect(container.querySelector('.model-card__preview svg')).not.toBeNull();
    expect(screen.getByText('Reading geometry...')).toBeInTheDocument();
    expect([...container.querySelectorAll('dt')].map((term) => term.textContent)).toEqual([
      'Description',
      'Started',
      'Finished at',
      'Elapsed time',
      'Uploaded by',
      'Created',
      'Updated',
    ]);
    expect(fact('Description')).toBe('Lobby of the tower.');
    expect(fact('Started')).toBe(shown(lobby.started_at!));
    expect(fact('Finished at')).toBe('---');
    expect(fact('Uploaded by')).toBe('Alice Anders');
    expect(fact('Created')).toBe(shown(lobby.created_at));
    expect(fact('Updated')).toBe(shown(lobby.updated_at));
    expect(fact('Elapsed time')).toBe('0:00:05');
    expect(container.querySelector('time.elapsed-time--running')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1000));
    expect(fact('Elapsed time')).toBe('0:00:06');
    // Without `to` it is the content of a grid's card (the Processor), not a link of its own.
    expect(screen.queryByRole('link')).toBeNull();
  });

  it("reads '---' where unknown and shows a finished model's last message as it is, with the time it took", () => {
    const { container } = renderCard(
      <ModelCard model={{ ...facade, preview_image_url: '/api/v2/files/previews/facade.png' }} />,
    );
    expect(container.querySelector('.model-status')).toHaveTextContent('Finished');
    expect(screen.getByText('Processing finished')).toHaveClass('processing-card__message');
    expect(fact('Description')).toBe('---');
    expect(fact('Uploaded by')).toBe('---');
    expect(fact('Finished at')).toBe(shown(facade.finished_at!));
    expect(fact('Elapsed time')).toBe('0:01:30');
    expect(container.querySelector('time.elapsed-time--running')).toBeNull();
    expect(container.querySelector('.model-card__preview img')).toHaveAttribute(
      'src',
      '/api/v2/files/previews/facade.png',
    );
  });

  it('is a link with its navigation state where it is given one (a project overview)', async () => {
    renderCard(<ModelCard model={facade} to="/projects/models/overview/8" state={{ processor: true }} />);
    const link = screen.getByRole('link', { name: /Harbour Tower – Facade/ });
    expect(link).toHaveAttribute('href', '/projects/models/overview/8');
    expect(link).toHaveClass('model-card', 'model-card--link');
    act(() => link.click());
    expect(await screen.findByTestId('arrived')).toHaveTextContent(
      '/projects/models/overview/8 {"processor":true}',
    );
  });

  it('reads in Dutch', () => {
    vi.useFakeTimers({ toFake: ['Date'], now: NOW });
    const { container } = renderCard(<ModelCard model={lobby} />, 'nl');
    expect(container.querySelector('.model-status')).toHaveTextContent('Wordt verwerkt');
    expect([...container.querySelectorAll('dt')].map((term) => term.textContent)).toEqual([
      'Omschrijving',
      'Gestart',
      'Voltooid op',
      'Verstreken tijd',
      'Geüpload door',
      'Aangemaakt',
      'Gewijzigd',
    ]);
    expect(fact('Gestart')).toBe(shown(lobby.started_at!, 'nl'));
    expect(fact('Voltooid op')).toBe('---');
  });
});

describe("a library item's processor card", () => {
  const chair: ItemCardRecord = {
    name: 'Aeron Chair',
    status: 'PROCESSING',
    status_color: '#1677ff',
    preview_image_url: null,
    started_at: lobby.started_at,
    finished_at: null,
    uploader_name: null,
    latest_geometry_event: { message: 'Baking materials', created_at: '2026-03-02T09:59:58.000Z' },
  };

  it("shares the model card's processing pieces; the message only while PROCESSING", () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'], now: NOW });
    const { container, rerender } = renderCard(<ItemCard item={chair} />);
    const card = container.querySelector('.preview-card') as HTMLElement;
    expect(card.querySelector('.status-badge')).toHaveTextContent('Processing');
    expect(within(card).getByText('Baking materials...')).toHaveClass('processing-card__message');
    expect([...card.querySelectorAll('dt')].map((term) => term.textContent)).toEqual([
      'Elapsed time',
      'Finished at',
      'Uploaded by',
    ]);
    expect(fact('Elapsed time')).toBe('0:00:05');
    expect(fact('Uploaded by')).toBe('---');

    const finishedAt = '2026-03-02T10:00:00.000Z';
    rerender(
      <I18nextProvider i18n={portalI18n('en')}>
        <MemoryRouter>
          <ItemCard item={{ ...chair, status: 'FINISHED', finished_at: finishedAt }} />
        </MemoryRouter>
      </I18nextProvider>,
    );
    expect(screen.queryByText(/Baking materials/)).toBeNull();
    expect(fact('Finished at')).toBe(shown(finishedAt));
    expect(fact('Elapsed time')).toBe('0:00:05');
  });
});
