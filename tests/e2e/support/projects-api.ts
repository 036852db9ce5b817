/**
 * Projects and models through the API for the end-to-end tests: each test makes the records it changes (and
 * removes them afterwards), so the tests after it on the worker's server find the seeded data as it was.
 */
import { type APIRequestContext, expect } from '@playwright/test';
import { API, apiHeaders, type DemoUser, sharedSession } from './portal';
import { cube } from '../../server/fbx-fixtures';
import { type FbxScene, writeFbxAscii } from '../../../server/seed/fbx-writer';

export interface ApiProject {
  id: number;
  name: string;
  status: string;
  labels: Array<{ id: number; name: string; color: string }>;
}

export interface ApiModel {
  id: number;
  name: string;
  status: string;
  project_id: number | null;
}

interface ListBody<T> {
  data: T[];
  meta: { total: number };
  meta_data?: { filters: { labels: Array<{ id: number; name: string; color: string }> } };
}

/** A unique name for a record a test makes. */
export const uniqueName = (prefix: string) =>
  `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

export async function projectsApi(request: APIRequestContext, user: DemoUser = 'alice', company = 'acme') {
  const { access_token: token } = await sharedSession(user, company);
  const headers = apiHeaders(company, token);
  const json = async <T>(
    response: Awaited<ReturnType<APIRequestContext['get']>>,
    status = 200,
  ): Promise<T> => {
    expect(response.status(), `${response.url()}: ${await response.text()}`).toBe(status);
    return (await response.json()) as T;
  };

  return {
    token,
    async list(query: string): Promise<ListBody<ApiProject>> {
      return json(await request.get(`${API}/projects?${query}`, { headers }));
    },
    async findProject(name: string): Promise<ApiProject> {
      const body = await json<ListBody<ApiProject>>(
        await request.get(`${API}/projects?per_page=5&filter[search]=${encodeURIComponent(name)}`, {
          headers,
        }),
      );
      const project = body.data.find((item) => item.name === name);
      expect(project, `project ${name}`).toBeDefined();
      return project!;
    },
    async labelId(name: string): Promise<number> {
      const body = await json<ListBody<ApiProject>>(
        await request.get(`${API}/projects?per_page=1`, { headers }),
      );
      const label = body.meta_data!.filters.labels.find((item) => item.name === name);
      expect(label, `label ${name}`).toBeDefined();
      return label!.id;
    },
    async createProject(values: Record<string, unknown>): Promise<ApiProject> {
      const body = await json<{ data: ApiProject }>(
        await request.post(`${API}/projects`, { headers, data: values }),
        201,
      );
      return body.data;
    },
    async deleteProject(id: number): Promise<void> {
      const response = await request.delete(`${API}/projects/${id}`, { headers });
      expect([200, 404]).toContain(response.status());
    },
    async setFavorite(id: number, favorite: boolean): Promise<void> {
      await json(
        await request.patch(`${API}/projects/${id}/favorite`, { headers, data: { is_favorited: favorite } }),
      );
    },
    async models(projectId: number): Promise<ApiModel[]> {
      const body = await json<ListBody<ApiModel>>(
        await request.get(`${API}/projects/models?per_page=100&filter[project_id]=${projectId}`, { headers }),
      );
      return body.data;
    },
    async model(id: number): Promise<ApiModel & Record<string, unknown>> {
      return (
        await json<{ data: ApiModel & Record<string, unknown> }>(
          await request.get(`${API}/projects/models/${id}`, { headers }),
        )
      ).data;
    },
    /** A model of the cube (`fbxFile`) in the project; it starts QUEUED and the worker's processor takes it. */
    /** A new model of the cube in the demo's Dune Pavilion, under a unique name starting with `prefix`. */
    async newModel(prefix: string): Promise<ApiModel> {
      return this.createModel(uniqueName(prefix), (await this.findProject('Dune Pavilion')).id);
    },
    async createModel(name: string, projectId: number): Promise<ApiModel> {
      const body = await json<{ data: ApiModel }>(
        await request.post(`${API}/projects/models`, {
          headers,
          multipart: { name, project_id: String(projectId), file: fbxFile(`${name}.fbx`) },
        }),
        201,
      );
      return body.data;
    },
    /** Gives the model a new file (its next version, issue 45), as the edit form sends it. */
    async replaceModelFile(id: number, fileName: string, note?: string, scene?: FbxScene): Promise<void> {
      await json(
        await request.post(`${API}/projects/models/${id}`, {
          headers,
          multipart: {
            _method: 'PATCH',
            file: fbxFile(fileName, undefined, scene),
            ...(note ? { version_note: note } : {}),
          },
        }),
      );
    },
    /** Waits until the model has reached the status (the processor works in the background). */
    async untilModelStatus(id: number, status: string): Promise<void> {
      await expect
        .poll(async () => (await this.model(id)).status, { message: `model ${id} ${status}` })
        .toBe(status);
    },
    async deleteModel(id: number): Promise<void> {
      const response = await request.delete(`${API}/projects/models/${id}`, { headers });
      expect([200, 404]).toContain(response.status());
    },
  };
}

/**
 * A real ASCII FBX 7.4 of a red cube (tests/server/fbx-fixtures.ts), or of another `scene`, padded with comment
 * lines to at least `size` bytes, as Playwright's file chooser takes it; the processor converts the cube to a model
 * of 12 triangles.
 */
export function fbxFile(name: string, size = 4_000, scene: FbxScene = cube().scene) {
  const cubeFbx = writeFbxAscii(scene).toString('latin1');
  const line = `; ${'padding '.repeat(12)}\n`;
  const padding = line.repeat(Math.max(0, Math.ceil((size - cubeFbx.length) / line.length)));
  return { name, mimeType: 'application/octet-stream', buffer: Buffer.from(cubeFbx + padding, 'latin1') };
}

/** A 1×1 PNG (a valid preview image). */
export const PNG_PIXEL = {
  name: 'cover.png',
  mimeType: 'image/png',
  buffer: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  ),
};
