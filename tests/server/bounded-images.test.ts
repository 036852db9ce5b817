/**
 * Issue 42: a stored picture is the original held to 2048 px on its longer side. The server bounds what a client
 * sends beyond it (the portal already sends pictures bounded): a company logo in the profile's multipart body and a
 * profile image through the resumable upload keep their proportions and type; a small picture is kept byte for
 * byte; a BMP beyond the bound becomes a JPEG; a picture of more pixels than are decoded is a 422 on its field.
 */
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyProfile } from '../../shared/entities/company-profile';
import type { MyAccount } from '../../shared/entities/my-account';
import { finishedImageUpload, multipartBody, newMember } from './api-helpers';
import { sendWithHost, startTestServer, type TestServer } from './test-server';

let server: TestServer;
let editor: string;
beforeAll(async () => {
  server = await startTestServer();
  editor = (await newMember(server, ['view-company', 'edit-company'])).token;
});
afterAll(() => server?.close());

const saveLogo = (bytes: Uint8Array, filename: string) =>
  server.request('acme', '/companies/my-company', {
    method: 'POST',
    token: editor,
    ...multipartBody({ _method: 'PATCH' }, { logo: [new Blob([new Uint8Array(bytes)]), filename] }),
  });

async function savedLogo(bytes: Uint8Array, filename: string): Promise<string> {
  const response = await saveLogo(bytes, filename);
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as { data: CompanyProfile }).data.logo!;
}

/** The bytes a stored file's URL serves. */
async function served(url: string): Promise<Buffer> {
  const { host, pathname } = new URL(url);
  const response = await sendWithHost(server.port, host, pathname);
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

/** A picture of `width`×`height`: half transparent for a PNG, so its alpha shows it stayed a PNG. */
const picture = (width: number, height: number, format: 'png' | 'jpeg') =>
  sharp({
    create: { width, height, channels: 4, background: { r: 30, g: 90, b: 200, alpha: 0.5 } },
  })
    [format]()
    .toBuffer();

/** An uncompressed 24-bit BMP of `width`×`height`, grey. */
function bmp(width: number, height: number): Uint8Array {
  const row = Math.ceil((width * 3) / 4) * 4;
  const bytes = Buffer.alloc(54 + row * height, 0x80);
  bytes.write('BM', 0, 'latin1');
  bytes.writeUInt32LE(bytes.length, 2);
  bytes.writeUInt32LE(0, 6);
  bytes.writeUInt32LE(54, 10);
  bytes.writeUInt32LE(40, 14);
  bytes.writeInt32LE(width, 18);
  bytes.writeInt32LE(height, 22);
  bytes.writeUInt16LE(1, 26);
  bytes.writeUInt16LE(24, 28);
  bytes.writeUInt32LE(0, 30);
  bytes.writeUInt32LE(row * height, 34);
  bytes.fill(0, 38, 54);
  return bytes;
}

/** A PNG whose header claims `width`×`height` pixels (a few bytes of them follow). */
function pngClaiming(width: number, height: number): Uint8Array {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(16))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('a company logo (multipart)', () => {
  it('stores a wide PNG logo scaled to 2048 px wide, proportions and transparency kept', async () => {
    const logo = await savedLogo(await picture(4000, 1000, 'png'), 'wide.png');
    expect(logo).toMatch(/company-logos\/[\w-]+\.png$/);
    const metadata = await sharp(await served(logo)).metadata();
    expect(metadata).toMatchObject({ format: 'png', width: 2048, height: 512, hasAlpha: true });
  });

  it('keeps a logo within the bound byte for byte', async () => {
    const small = await picture(300, 200, 'jpeg');
    const logo = await savedLogo(small, 'small.jpg');
    expect((await served(logo)).equals(small)).toBe(true);
  });

  it('stores a BMP beyond the bound as a JPEG of 2048 px', async () => {
    const logo = await savedLogo(bmp(2100, 60), 'long.bmp');
    expect(logo).toMatch(/\.jpeg$/);
    expect(await sharp(await served(logo)).metadata()).toMatchObject({
      format: 'jpeg',
      width: 2048,
      height: 59,
    });
  });

  it('answers 422 on the field for a picture of more pixels than are decoded, saving nothing', async () => {
    const before = await server.db
      .selectFrom('companies')
      .select('logo')
      .where('sub_domain', '=', 'acme')
      .executeTakeFirstOrThrow();
    const response = await saveLogo(pngClaiming(20000, 20000), 'huge.png');
    expect(response.status).toBe(422);
    expect(((await response.json()) as { errors: unknown }).errors).toEqual({
      logo: ['The logo field has invalid image dimensions.'],
    });
    const after = await server.db
      .selectFrom('companies')
      .select('logo')
      .where('sub_domain', '=', 'acme')
      .executeTakeFirstOrThrow();
    expect(after.logo).toBe(before.logo);
  });
});

describe('a profile image (resumable upload)', () => {
  it('stores a tall JPEG scaled to 2048 px high, proportions kept', async () => {
    const member = await newMember(server, ['view-company']);
    const upload = await finishedImageUpload(
      server,
      member.token,
      await picture(1000, 3000, 'jpeg'),
      'me.jpg',
    );
    const response = await server.request('acme', '/my-account', {
      method: 'POST',
      token: member.token,
      ...multipartBody({ _method: 'PATCH', profile_image_upload_id: upload }),
    });
    expect(response.status, await response.clone().text()).toBe(200);
    const { profile_image } = ((await response.json()) as { data: MyAccount }).data;
    expect(await sharp(await served(profile_image!)).metadata()).toMatchObject({
      format: 'jpeg',
      width: 683,
      height: 2048,
    });
  });
});
