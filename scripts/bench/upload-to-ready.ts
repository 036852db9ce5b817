/**
 * bench:processing's fourth section (issue 44, "upload to viewer ready"): how long a user waits from the end of a
 * model's upload until the model is FINISHED and the viewer can show it, through the real server with its default
 * processing settings (the contract server in a child process, PGlite in memory, the demo fixture).
 *
 * 1. A quiet server (DEMO_FILES=0): a dense mesh of 20,000 and of 1,000,000 triangles (tests/server/fbx-fixtures.ts,
 *    binary FBX 7.4) uploaded as alice's model, BENCH_RUNS times each, one at a time.
 * 2. A server processing its demo content (DEMO_FILES=1, a fresh start): once a demo file is being processed, the
 *    20,000-triangle mesh uploaded BENCH_RUNS times: a user's upload must not wait behind the demo content.
 *
 * The times are the server's own: from the model's `created_at` (the row is written once the upload has been
 * received and stored) to its `started_at` (its run began) and `finished_at` (FINISHED); the client polls the model
 * until then; BENCH_DEBUG prints each model's processing events by their time. Figures only: nothing here asserts
 * a time.
 */
import { loadavg } from 'node:os';
import type { APIRequestContext } from '@playwright/test';
import { writeFbxBinary } from '../../server/seed/fbx-writer';
import { denseMesh } from '../../tests/server/fbx-fixtures';
import {
  benchApi,
  median,
  signInAlice,
  startPortalServer,
  stopPortalServer,
  table,
  uploadModelUntilFinished,
} from './portal-server';

/** Issue 44's goals: upload end to FINISHED, by triangles, on a quiet machine; a user's run starts within 1 s. */
const READY_GOAL_MS: Readonly<Record<number, number>> = { 20_000: 2000, 1_000_000: 10_000 };
const START_GOAL_MS = 1000;

interface Upload {
  /** created_at → started_at, ms. */
  start: number;
  /** created_at → finished_at, ms. */
  ready: number;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Uploads `fbx` as a model named `name` and waits until it is FINISHED; its server-side times. */
async function uploadAndWait(api: APIRequestContext, name: string, fbx: Buffer): Promise<Upload> {
  const model = await uploadModelUntilFinished(api, name, fbx);
  const createdAt = Date.parse(model.created_at);
  if (process.env.BENCH_DEBUG)
    for (const event of [...model.geometry_events].reverse())
      console.log(`${name}: +${Date.parse(event.created_at) - createdAt} ms ${event.message}`);
  return {
    start: Date.parse(model.started_at ?? model.created_at) - createdAt,
    ready: Date.parse(model.finished_at ?? model.created_at) - createdAt,
  };
}

/** Waits until one of the demo content's models is being processed. */
async function demoProcessing(api: APIRequestContext): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const answer = (await (
      await api.get('/api/v2/projects/models?per_page=100&filter[status]=PROCESSING')
    ).json()) as {
      data: unknown[];
    };
    if (answer.data.length) return;
    await pause(100);
  }
  throw new Error('No demo model started processing within two minutes.');
}

const ms = (value: number) => `${Math.round(value).toLocaleString('en')} ms`;

function row(label: string, uploads: Upload[], readyGoal: number | undefined): string[] {
  return [
    label,
    ms(median(uploads.map((upload) => upload.start))),
    ms(START_GOAL_MS),
    ms(median(uploads.map((upload) => upload.ready))),
    readyGoal === undefined ? '' : ms(readyGoal),
  ];
}

/** Runs the section on `port`: prints its table. */
export async function uploadToReady(port: number, runs: number): Promise<void> {
  const sizes = [20_000, 1_000_000];
  const meshes = new Map(
    sizes.map((triangles) => [triangles, writeFbxBinary(denseMesh(triangles).scene, { version: 7400 })]),
  );
  const rows: string[][] = [];
  const loadBefore = loadavg()[0];

  const quiet = await startPortalServer(port, 'dist', { DEMO_FILES: '0' });
  try {
    const api = await benchApi(port, await signInAlice(port));
    for (const triangles of sizes) {
      const uploads: Upload[] = [];
      for (let run = 0; run < runs; run += 1)
        uploads.push(await uploadAndWait(api, `Ready bench ${triangles} ${run}`, meshes.get(triangles)!));
      rows.push(
        row(`${triangles.toLocaleString('en')} triangles, quiet server`, uploads, READY_GOAL_MS[triangles]),
      );
    }
    await api.dispose();
  } finally {
    stopPortalServer(quiet);
  }

  const busy = await startPortalServer(port, 'dist', { DEMO_FILES: '1' });
  try {
    const api = await benchApi(port, await signInAlice(port));
    await demoProcessing(api);
    const uploads: Upload[] = [];
    for (let run = 0; run < runs; run += 1)
      uploads.push(await uploadAndWait(api, `Ready bench demo ${run}`, meshes.get(20_000)!));
    rows.push(row('20,000 triangles, demo content processing', uploads, undefined));
    await api.dispose();
  } finally {
    stopPortalServer(busy);
  }

  console.log(
    `\n4. Upload to viewer ready: the contract server's default processing settings, median of ${runs}; ` +
      `load average ${loadBefore.toFixed(2)} → ${loadavg()[0].toFixed(2)}\n`,
  );
  console.log(table(['model upload', 'run started', 'goal', 'FINISHED', 'goal'], rows));
}
