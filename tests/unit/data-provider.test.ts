import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDataProvider } from '@/providers/data-provider';
import { SESSION_COOKIE } from '@/providers/http-client';
import { formEntries, laravelList, stubApi } from './data-provider-stub';

const provider = createDataProvider();

/** The query string as PHP would see it, decoded, in the order it was sent. */
const decodedQuery = (query: URLSearchParams) => decodeURIComponent(query.toString());

beforeEach(() => {
  document.cookie = `${SESSION_COOKIE}=token-123; path=/`;
});

afterEach(() => {
  document.cookie = `${SESSION_COOKIE}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  vi.unstubAllGlobals();
});

describe('getList', () => {
  it('maps pagination, sorters, filters and field selection onto the Laravel query', async () => {
    const api = stubApi().on('GET', '/projects', {
      body: {
        ...laravelList([{ id: 1, name: 'Harbour Tower' }], { total: 31, perPage: 25, page: 2 }),
        meta_data: { filters: { labels: [] } },
      },
    });

    const result = await provider.getList({
      resource: 'projects',
      pagination: { currentPage: 2, pageSize: 25, mode: 'server' },
      sorters: [
        { field: 'updated_at', order: 'desc' },
        { field: 'name', order: 'asc' },
      ],
      filters: [
        { field: 'search', operator: 'contains', value: 'tower' },
        { field: 'label', operator: 'in', value: [3, 4] },
        { field: 'status', operator: 'eq', value: '' },
      ],
      meta: { included_fields: ['projects.id', 'projects.name'], excluded_fields: ['projects.users'] },
    });

    const [request] = api.calls('/projects');
    expect(decodedQuery(request.query)).toBe(
      'per_page=25&page=2&sort=-updated_at,name&filter[search]=tower&filter[label]=3,4' +
        '&included_fields[]=projects.id&included_fields[]=projects.name&excluded_fields[]=projects.users',
    );
    expect(request.headers.Authorization).toBe('Bearer token-123');
    expect(request.headers.Accept).toBe('application/json');
    expect(result.data).toEqual([{ id: 1, name: 'Harbour Tower' }]);
    expect(result.total).toBe(31);
    expect(result.meta.links).toHaveLength(4);
    expect(result.meta.current_page).toBe(2);
    expect(result.links).toEqual({ first: null, last: null, prev: null, next: null });
    expect(result.meta_data).toEqual({ filters: { labels: [] } });
  });

  it('sends trashed and extra query parameters but none of the route parameters refine merges into meta', async () => {
    const api = stubApi().on('GET', '/my-account/notifications', { body: laravelList([]) });

    await provider.getList({
      resource: 'my-account/notifications',
      pagination: { currentPage: 1, pageSize: 10 },
      meta: { query: { with_read: 1 }, trashed: true, search: 'from-the-url', id: '7' },
    });

    expect(decodedQuery(api.calls('/my-account/notifications')[0].query)).toBe(
      'with_read=1&per_page=10&page=1&trashed=1',
    );
  });

  it("keeps a declaration's fixed filter beside the list's own filters", async () => {
    const api = stubApi().on('GET', '/users', { body: laravelList([]) });

    await provider.getList({
      resource: 'users',
      pagination: { currentPage: 1, pageSize: 5 },
      filters: [{ field: 'search', operator: 'eq', value: 'ann' }],
      meta: { query: { filter: { admin: 'false' } } },
    });
    await provider.getList({
      resource: 'users',
      pagination: { currentPage: 1, pageSize: 5 },
      meta: { query: { filter: { admin: 'false' } } },
    });

    expect(api.calls('/users').map((call) => decodedQuery(call.query))).toEqual([
      'filter[admin]=false&filter[search]=ann&per_page=5&page=1',
      'filter[admin]=false&per_page=5&page=1',
    ]);
  });

  it('ignores URL parameters that happen to share a name with a provider key', async () => {
    const api = stubApi().on('GET', '/projects', { body: laravelList([]) });

    // What refine merges into meta on a page opened as /projects?trashed=1&count=1&query=x&included_fields=a
    await provider.getList({
      resource: 'projects',
      pagination: { currentPage: 1, pageSize: 5 },
      meta: { trashed: '1', count: '1', query: 'x', included_fields: 'a', multipart: 'true' },
    });

    expect(api.calls('/projects')[0].query.toString()).toBe('per_page=5&page=1');
  });

  it('leaves out per_page and page when pagination is off, and counts the rows when there is no meta', async () => {
    const api = stubApi().on('GET', '/admin/changelog-items', { body: { data: [{ id: 1 }, { id: 2 }] } });

    const result = await provider.getList({ resource: 'admin/changelog-items', pagination: { mode: 'off' } });

    expect(api.calls('/admin/changelog-items')[0].query.toString()).toBe('');
    expect(result).toMatchObject({ data: [{ id: 1 }, { id: 2 }], total: 2 });
  });

  it('asks for a count with count=1 and returns it as the total', async () => {
    const api = stubApi().on('GET', '/projects', { body: { data: { count: 34 } } });

    const result = await provider.getList({
      resource: 'projects',
      pagination: { currentPage: 1, pageSize: 10 },
      sorters: [{ field: 'name', order: 'asc' }],
      meta: { count: true, query: { include_sub_projects: 1 } },
    });

    expect(decodedQuery(api.calls('/projects')[0].query)).toBe('include_sub_projects=1&count=1');
    expect(result).toEqual({ data: [], total: 34 });
  });

  it('passes the query cancellation signal to fetch', async () => {
    const api = stubApi().on('GET', '/projects', { body: laravelList([]) });
    const controller = new AbortController();

    const queryContext = { client: new QueryClient(), queryKey: ['projects'], signal: controller.signal };

    await provider.getList({ resource: 'projects', meta: { queryContext } });
    expect(api.calls('/projects')[0].signal).toBe(controller.signal);

    controller.abort();
    await expect(provider.getList({ resource: 'projects', meta: { queryContext } })).rejects.toMatchObject({
      name: 'AbortError',
    });
  });

  it("passes the signal refine v5's hooks spread into the meta to fetch", async () => {
    const api = stubApi().on('GET', '/projects', { body: laravelList([]) });
    const controller = new AbortController();

    await provider.getList({
      resource: 'projects',
      meta: { queryKey: ['projects'], signal: controller.signal },
    });
    expect(api.calls('/projects')[0].signal).toBe(controller.signal);
  });

  it('refuses filters the API cannot express', async () => {
    stubApi();
    await expect(
      provider.getList({
        resource: 'projects',
        filters: [{ field: 'created_at', operator: 'gte', value: '2024-01-01' }],
      }),
    ).rejects.toThrow('The API cannot filter "created_at" with the operator "gte".');
    await expect(
      provider.getList({
        resource: 'projects',
        filters: [{ operator: 'or', value: [{ field: 'name', operator: 'eq', value: 'a' }] }],
      }),
    ).rejects.toThrow('The API has no "or" filter groups');
  });
});

describe('getOne and getMany', () => {
  it('reads one record from its path and unwraps data', async () => {
    const api = stubApi().on('GET', '/materials/:name', (_request, { name }) => ({
      body: { data: { name } },
    }));

    const result = await provider.getOne({
      resource: 'materials',
      id: 'Oak / natural',
      meta: { included_fields: ['materials.name'] },
    });

    expect(result.data).toEqual({ name: 'Oak / natural' });
    expect(api.requests[0].path).toBe('/materials/Oak%20%2F%20natural');
    expect(decodedQuery(api.requests[0].query)).toBe('included_fields[]=materials.name');
  });

  it('reads each of many records', async () => {
    stubApi().on('GET', '/labels/:id', (_request, { id }) => ({ body: { data: { id: Number(id) } } }));

    const result = await provider.getMany!({ resource: 'labels', ids: [3, '5'] });

    expect(result.data).toEqual([{ id: 3 }, { id: 5 }]);
  });
});

describe('writes', () => {
  it('creates with a JSON body and returns the created record', async () => {
    const api = stubApi().on('POST', '/labels', { status: 201, body: { data: { id: 9, name: 'Urgent' } } });

    const result = await provider.create({
      resource: 'labels',
      variables: { name: 'Urgent', color: '#ff0000' },
    });

    expect(api.requests[0].body).toEqual({ name: 'Urgent', color: '#ff0000' });
    expect(api.requests[0].headers['Content-Type']).toBe('application/json');
    expect(result.data).toEqual({ id: 9, name: 'Urgent' });
  });

  it('creates with a multipart body with PHP-style names when a value is a file', async () => {
    const api = stubApi().on('POST', '/projects', { status: 201, body: { data: { id: 1 } } });
    const image = new File(['png'], 'preview.png', { type: 'image/png' });

    await provider.create({
      resource: 'projects',
      variables: {
        name: 'Dock',
        preview_image: image,
        labels: [{ id: 3 }, { id: 4 }],
        active: true,
        note: null,
      },
    });

    expect(formEntries(api.requests[0].body)).toEqual({
      name: 'Dock',
      preview_image: 'file:preview.png',
      'labels[0][id]': '3',
      'labels[1][id]': '4',
      active: '1',
      note: '',
    });
  });

  it('updates with PATCH and JSON, or with POST + _method=PATCH when the form carries a file', async () => {
    const api = stubApi()
      .on('PATCH', '/projects/:id', { body: { data: { id: 4, name: 'Renamed' } } })
      .on('POST', '/projects/:id', { body: { data: { id: 4 } } });

    const plain = await provider.update({ resource: 'projects', id: 4, variables: { name: 'Renamed' } });
    await provider.update({ resource: 'projects', id: 4, variables: { preview_image: new Blob(['x']) } });

    expect(plain.data).toEqual({ id: 4, name: 'Renamed' });
    expect(api.calls('/projects/4', 'PATCH')[0].body).toEqual({ name: 'Renamed' });
    const spoofed = formEntries(api.calls('/projects/4', 'POST')[0].body);
    expect(spoofed._method).toBe('PATCH');
    expect(spoofed.preview_image).toMatch(/^file:/);
  });

  it('sends a multipart PATCH when meta asks for it (marking a notification read)', async () => {
    const api = stubApi().on('POST', '/my-account/notifications/:id', {
      body: { data: { id: 12, read: true } },
    });

    const result = await provider.update({
      resource: 'my-account/notifications',
      id: 12,
      variables: { read: 1 },
      meta: { multipart: true },
    });

    expect(formEntries(api.requests[0].body)).toEqual({ read: '1', _method: 'PATCH' });
    expect(result.data).toEqual({ id: 12, read: true });
  });

  it('deletes one record and returns the API answer', async () => {
    stubApi().on('DELETE', '/labels/:id', { body: { label_name: 'Urgent', status: 'deleted' } });

    const result = await provider.deleteOne({ resource: 'labels', id: 9 });

    expect(result.data).toEqual({ label_name: 'Urgent', status: 'deleted' });
  });

  it('writes to the declared write collection and reads from the resource (downloads under admin/)', async () => {
    const api = stubApi()
      .on('POST', '/admin/downloads', { status: 201, body: { data: { id: 3 } } })
      .on('PATCH', '/admin/downloads/:id', { body: { data: { id: 3 } } })
      .on('DELETE', '/admin/downloads/:id', {
        body: { download_name: 'Guide', status: 'successfully deleted' },
      })
      .on('GET', '/downloads/:id', { body: { data: { id: 3 } } });
    const meta = { writeCollection: 'admin/downloads' };

    await provider.create({ resource: 'downloads', variables: { name: 'Guide' }, meta });
    await provider.update({ resource: 'downloads', id: 3, variables: { name: 'Guide' }, meta });
    await provider.getOne({ resource: 'downloads', id: 3, meta });
    const deleted = await provider.deleteOne({ resource: 'downloads', id: 3, meta });

    expect(api.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'POST /admin/downloads',
      'PATCH /admin/downloads/3',
      'GET /downloads/3',
      'DELETE /admin/downloads/3',
    ]);
    expect(deleted.data).toEqual({ download_name: 'Guide', status: 'successfully deleted' });
  });
});

describe('bulk actions', () => {
  it('deletes many through the bulk endpoint and returns its action, success and failed lists', async () => {
    const answer = {
      action: 'delete',
      success: [{ id: 1, name: 'Chairs' }],
      failed: [{ id: 2, name: 'Tables' }],
    };
    const api = stubApi().on('POST', '/libraries/update', { body: answer });

    const result = await provider.deleteMany!({ resource: 'libraries', ids: [1, 2] });

    expect(formEntries(api.requests[0].body)).toEqual({
      action: 'delete',
      'libraries[0][id]': '1',
      'libraries[1][id]': '2',
    });
    expect(result).toEqual({ ...answer, data: answer.success });
  });

  it('runs another bulk action with its extra fields, keyed by the last path segment or by meta', async () => {
    const api = stubApi()
      .on('POST', '/libraries/items/update', { body: { action: 'move', success: [], failed: [] } })
      .on('POST', '/materials/update', { body: { action: 'archive', success: [], failed: [] } });

    await provider.updateMany!({
      resource: 'libraries/items',
      ids: [7, 8],
      variables: { action: 'move', libraries: [{ id: 3 }], remove_from_current_libraries: true },
    });
    await provider.updateMany!({
      resource: 'materials',
      ids: ['Oak'],
      variables: { action: 'archive' },
      meta: { bulkIdField: 'name' },
    });

    expect(formEntries(api.calls('/libraries/items/update', 'POST')[0].body)).toEqual({
      action: 'move',
      'libraries[0][id]': '3',
      remove_from_current_libraries: '1',
      'items[0][id]': '7',
      'items[1][id]': '8',
    });
    expect(formEntries(api.calls('/materials/update', 'POST')[0].body)).toEqual({
      action: 'archive',
      'materials[0][name]': 'Oak',
    });
  });
});

describe('custom', () => {
  it('sends a JSON payload to a path given relative or under the API URL', async () => {
    const api = stubApi().on('POST', '/my-account/notifications/read-all', {
      body: { message: 'done', unread_count: 0 },
    });

    const relative = await provider.custom!({
      url: '/my-account/notifications/read-all',
      method: 'post',
      payload: { read: true },
    });
    await provider.custom!({
      url: `${provider.getApiUrl()}/my-account/notifications/read-all`,
      method: 'post',
      payload: { read: true },
    });

    expect(relative.data).toEqual({ message: 'done', unread_count: 0 });
    expect(api.requests.map((request) => request.body)).toEqual([{ read: true }, { read: true }]);
  });

  it('maps query, filters and sorters of a GET', async () => {
    const api = stubApi().on('GET', '/admin/feedback-reports', { body: { data: [] } });

    await provider.custom!({
      url: '/admin/feedback-reports',
      method: 'get',
      query: { per_page: 5 },
      filters: [{ field: 'rating', operator: 'eq', value: 4 }],
      sorters: [{ field: 'created_at', order: 'desc' }],
    });

    expect(decodedQuery(api.requests[0].query)).toBe('per_page=5&sort=-created_at&filter[rating]=4');
  });

  it('refuses URLs of other hosts', async () => {
    stubApi();
    await expect(provider.custom!({ url: 'https://example.com/x', method: 'get' })).rejects.toThrow(
      'only calls the portal API',
    );
  });
});

describe('errors', () => {
  it('turns a 422 into an HttpError with the per-field messages', async () => {
    const errors = {
      name: ['The name field is required.'],
      'labels.0.id': ['The selected label is invalid.'],
    };
    stubApi().on('POST', '/labels', {
      status: 422,
      body: { message: 'The name field is required. (and 1 more error)', errors },
    });

    const failure = await provider
      .create({ resource: 'labels', variables: {} })
      .catch((error: unknown) => error);

    expect(failure).toMatchObject({
      statusCode: 422,
      message: 'The name field is required. (and 1 more error)',
      errors,
    });
    expect(failure).toBeInstanceOf(Error);
  });

  it('keeps the status and message of other errors, without field errors', async () => {
    stubApi().on('GET', '/roles', { status: 403, body: { message: 'This action is unauthorized.' } });

    await expect(provider.getList({ resource: 'roles' })).rejects.toMatchObject({
      statusCode: 403,
      message: 'This action is unauthorized.',
      errors: undefined,
    });
    await expect(provider.getList({ resource: 'downloads' })).rejects.toMatchObject({ statusCode: 404 });
  });

  it('reports a request that got no response as status 0, "No Response"', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );

    await expect(provider.getOne({ resource: 'projects', id: 1 })).rejects.toMatchObject({
      statusCode: 0,
      message: 'No Response',
    });
  });
});
