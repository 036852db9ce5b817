// @vitest-environment node
import { isRouteErrorResponse } from 'react-router';
import { describe, expect, it } from 'vitest';
import { LOGIN_ERROR_KEYS, loginErrorKey } from '@/providers/auth-provider';
import { ApiError } from '@/providers/http-client';
import { routeErrorView } from '@/shell/states/route-error';
import en from '../../public/locales/en/common.json';

const text = (key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], en);

describe('login errors (spec 1 §8)', () => {
  it.each([
    [new ApiError(400, 'Bad Request'), 'Invalid Username or Password'],
    [new ApiError(401, 'Unauthenticated.'), 'Invalid Username or Password'],
    [new ApiError(503, 'Service Unavailable'), 'Service is currently unavailable'],
    [new ApiError(0, 'No Response'), 'No Response'],
    [new ApiError(422, 'The identity field is required.'), 'Please enter a valid Username and Password'],
    [new ApiError(429, 'Too Many Attempts.'), 'Please enter a valid Username and Password'],
    [new ApiError(500, 'Server Error'), 'Please enter a valid Username and Password'],
    [new TypeError('boom'), 'Please enter a valid Username and Password'],
  ])('%s reads %s', (error, message) => {
    expect(text(loginErrorKey(error))).toBe(message);
  });

  it('has a Dutch text for each', async () => {
    const nl = (await import('../../public/locales/nl/common.json')).default;
    for (const key of Object.values(LOGIN_ERROR_KEYS)) {
      expect(
        key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], nl),
      ).toEqual(expect.any(String));
    }
  });
});

/** What the router hands its error element for a thrown response (`throw data(body, {status})` in a loader). */
const data = (body: unknown, { status }: { status: number }) => ({
  status,
  statusText: '',
  internal: false,
  data: body,
});

describe('route errors (spec 1 §2.1)', () => {
  it('reads router error responses', () => {
    expect(isRouteErrorResponse(data(null, { status: 404 }))).toBe(true);
  });

  it('shows the not-found screen for a 404, with a supplied status text when there is one', () => {
    expect(routeErrorView(data(null, { status: 404 }))).toEqual({ kind: 'not-found', statusText: undefined });
    expect(routeErrorView(data('Project not found', { status: 404 }))).toEqual({
      kind: 'not-found',
      statusText: 'Project not found',
    });
    expect(routeErrorView(new ApiError(404, 'No query results'))).toMatchObject({ kind: 'not-found' });
  });

  it("shows '403 Forbidden' and '500 Internal server error' as plain text", () => {
    const forbidden = routeErrorView(data(null, { status: 403 }));
    const serverError = routeErrorView({ statusCode: 500, message: 'Server Error' });
    expect(forbidden.kind === 'text' && text(forbidden.textKey)).toBe('403 Forbidden');
    expect(serverError.kind === 'text' && text(serverError.textKey)).toBe('500 Internal server error');
  });

  it('shows the unexpected-error screen for anything else', () => {
    expect(routeErrorView(new Error('render failed'))).toEqual({ kind: 'unexpected' });
    expect(routeErrorView(data(null, { status: 502 }))).toEqual({ kind: 'unexpected' });
    expect(routeErrorView(undefined)).toEqual({ kind: 'unexpected' });
  });
});
