/** Shared tooling for API tests: sign-in, demo ids, users with chosen abilities, bodies. */
import { hashToken, newToken } from '../../server/auth/session';
import { sendWithHost, TEST_DOMAIN, type TestServer } from './test-server';

export const DEMO_PASSWORD = 'password';

/** Signs in through `POST /login` on a tenant host (or the public host with null) and returns the token. */
export async function login(
  server: TestServer,
  identity: string,
  subdomain: string | null = 'acme',
): Promise<string> {
  const response = await server.request(subdomain, '/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ identity, password: DEMO_PASSWORD }),
  });
  if (response.status !== 200)
    throw new Error(`login ${identity} failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** A bearer token for a user without going through login (no bcrypt, no rate limit). */
export async function tokenFor(
  server: TestServer,
  username: string,
  expiresAt = new Date(Date.now() + 3600_000),
) {
  const user = await server.db
    .selectFrom('users')
    .select('id')
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  const token = newToken();
  await server.db
    .insertInto('access_tokens')
    .values({ user_id: user.id, company_id: null, token_hash: hashToken(token), expires_at: expiresAt })
    .execute();
  return token;
}

export async function companyId(server: TestServer, subdomain: string): Promise<number> {
  const row = await server.db
    .selectFrom('companies')
    .select('id')
    .where('sub_domain', '=', subdomain)
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function userId(server: TestServer, username: string): Promise<number> {
  const row = await server.db
    .selectFrom('users')
    .select('id')
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  return row.id;
}

let extraUsers = 0;

/** A new member of the company whose role holds exactly `abilities`, with a token. */
export async function newMember(
  server: TestServer,
  abilities: string[],
  subdomain = 'acme',
): Promise<{ id: number; token: string }> {
  extraUsers += 1;
  const company = await companyId(server, subdomain);
  const username = `member${extraUsers}_${Date.now().toString(36)}`;
  const id = await server.db.transaction().execute(async (trx) => {
    const role = await trx
      .insertInto('roles')
      .values({ company_id: company, title: `Role of ${username}`, description: null, deleted_at: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (abilities.length) {
      await trx
        .insertInto('role_abilities')
        .values(abilities.map((ability) => ({ role_id: role.id, ability })))
        .execute();
    }
    const user = await trx
      .insertInto('users')
      .values({
        name: username,
        username,
        email: `${username}@example.test`,
        password_hash: 'unused',
        phone_number: null,
        function: null,
        profile_image: null,
        email_verified_at: null,
        deleted_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('company_user')
      .values({ company_id: company, user_id: user.id, role_id: role.id })
      .execute();
    return user.id;
  });
  return { id, token: await tokenFor(server, username) };
}

/** A token of a new member whose role holds exactly `abilities`. */
export const memberWithAbilities = async (server: TestServer, abilities: string[], subdomain = 'acme') =>
  (await newMember(server, abilities, subdomain)).token;

export const jsonBody = (body: unknown): RequestInit => ({
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify(body),
});

export const formBody = (fields: Record<string, string>): RequestInit => ({
  headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});

export function multipartBody(
  fields: Record<string, string | Blob>,
  files: Record<string, [Blob, string]> = {},
): RequestInit {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [name, [blob, filename]] of Object.entries(files)) form.append(name, blob, filename);
  return { body: form };
}

/**
 * A finished resumable (tus) upload of the kind `image` by the token's user on the company's host, as the portal's
 * image inputs make one; answers its id, which a form then sends (`preview_upload_id`, `profile_image_upload_id`).
 */
export async function finishedImageUpload(
  server: TestServer,
  token: string,
  bytes: Uint8Array,
  filename: string,
  subdomain = 'acme',
): Promise<string> {
  const host = `${subdomain}.${TEST_DOMAIN}:${server.port}`;
  const headers = { 'Tus-Resumable': '1.0.0', Authorization: `Bearer ${token}` };
  const meta = [
    `filename ${Buffer.from(filename).toString('base64')}`,
    `kind ${Buffer.from('image').toString('base64')}`,
  ];
  const created = await sendWithHost(server.port, host, '/api/v2/uploads', {
    method: 'POST',
    headers: { ...headers, 'Upload-Length': String(bytes.length), 'Upload-Metadata': meta.join(',') },
  });
  if (created.status !== 201)
    throw new Error(`upload not created: ${created.status} ${await created.text()}`);
  const location = created.headers.get('location')!;
  const sent = await sendWithHost(server.port, host, location, {
    method: 'PATCH',
    headers: { ...headers, 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
    body: new Uint8Array(bytes),
  });
  if (sent.status !== 204) throw new Error(`upload not sent: ${sent.status} ${await sent.text()}`);
  return location.split('/').at(-1)!;
}
