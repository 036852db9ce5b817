/**
 * Issue 31, journey 3: the dashboard's design-software warning shows only where the company connects
 * design-software accounts (the session user's `autodesk_integration`: the company's integration is not 'no'),
 * and its dismissal is kept per user on the server (`PATCH /my-account/preferences`, the session user's
 * `preferences`), so it follows the user to every device and company.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonBody, tokenFor } from './api-helpers';
import { startTestServer, type TestServer } from './test-server';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

interface Validated {
  user: { autodesk_integration: boolean; preferences: Record<string, unknown> };
}

async function validate(token: string, subdomain: string) {
  const response = await server.request(subdomain, '/auth/validate', { token });
  expect(response.status).toBe(200);
  return ((await response.json()) as Validated).user;
}

const patch = (token: string, body: unknown, subdomain = 'umbrella') =>
  server.request(subdomain, '/my-account/preferences', { method: 'PATCH', token, ...jsonBody(body) });

describe('the session user', () => {
  it('says whether the company connects design-software accounts', async () => {
    // Acme keeps the integration off (the default 'no'); Umbrella has it on.
    expect((await validate(await tokenFor(server, 'alice'), 'acme')).autodesk_integration).toBe(false);
    expect((await validate(await tokenFor(server, 'erin'), 'umbrella')).autodesk_integration).toBe(true);
  });
});

describe('PATCH /my-account/preferences', () => {
  it('keeps the dismissed warning per user, on every device and company, until cleared', async () => {
    const laptop = await tokenFor(server, 'erin');
    expect((await validate(laptop, 'umbrella')).preferences).toEqual({});
    const response = await patch(laptop, { dismissed_design_software_warning: 'notConnected' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: { dismissed_design_software_warning: 'notConnected' } });

    const phone = await tokenFor(server, 'erin');
    expect((await validate(phone, 'umbrella')).preferences).toEqual({
      dismissed_design_software_warning: 'notConnected',
    });
    // Another user's preferences are their own.
    expect((await validate(await tokenFor(server, 'alice'), 'acme')).preferences).toEqual({});

    const cleared = await patch(phone, { dismissed_design_software_warning: null });
    expect(await cleared.json()).toEqual({ data: { dismissed_design_software_warning: null } });
    expect((await validate(laptop, 'umbrella')).preferences).toEqual({
      dismissed_design_software_warning: null,
    });
  });

  it('keeps the theme picked in the avatar menu beside the other preferences, and refuses an unknown theme (issue 33)', async () => {
    const token = await tokenFor(server, 'carol');
    expect((await patch(token, { theme: 'dark' }, 'globex')).status).toBe(200);
    const refused = await patch(token, { theme: 'sepia' }, 'globex');
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as { errors: Record<string, string[]> }).errors).toEqual({
      theme: [expect.any(String)],
    });
    expect((await validate(await tokenFor(server, 'carol'), 'globex')).preferences).toEqual({
      theme: 'dark',
    });
    const system = await patch(token, { theme: 'system' }, 'globex');
    expect(await system.json()).toEqual({ data: { theme: 'system' } });
  });

  it('refuses an unknown value per field, in the request’s language, and a request without a session', async () => {
    const token = await tokenFor(server, 'bob');
    const refused = await server.request('acme', '/my-account/preferences', {
      method: 'PATCH',
      token,
      ...jsonBody({ dismissed_design_software_warning: 'always' }),
      headers: { 'Content-Type': 'application/json', 'Accept-Language': 'nl' },
    });
    expect(refused.status).toBe(422);
    const body = (await refused.json()) as { errors: Record<string, string[]> };
    expect(body.errors).toEqual({
      dismissed_design_software_warning: [expect.stringMatching(/^De gekozen|^Het veld/)],
    });
    expect((await validate(token, 'acme')).preferences).toEqual({});
    expect(
      (await server.request('acme', '/my-account/preferences', { method: 'PATCH', ...jsonBody({}) })).status,
    ).toBe(401);
  });
});
