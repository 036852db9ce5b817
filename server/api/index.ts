/**
 * Every /api/v2 endpoint group: the entity declarations `*.entity.ts` in this folder, found by name (adding an
 * entity needs nothing outside its file), and the modules of the other endpoint groups.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { isEntity, type RegistrableEntity } from '../http/crud/entity';
import { authRoutes } from './auth';
import { changelogRoutes } from './changelog-items';
import { companyRoutes } from './companies';
import { faqRoutes } from './faq';
import { feedbackReportRoutes } from './feedback-reports';
import { issueReportRoutes } from './issue-reports';
import { fileRoutes } from './files';
import { libraryRoutes } from './libraries';
import { maintenanceModeRoutes } from './maintenance-mode';
import { modelRoutes } from './models';
import { notificationRoutes } from './notifications';
import { projectRoutes } from './projects';
import { uploadRoutes } from './uploads';
import { userRoutes } from './users';

const DECLARATION = /^[a-z0-9-]+\.entity\.ts$/;

/** The default exports of `server/api/*.entity.ts`, in file-name order. */
async function declaredEntities(): Promise<RegistrableEntity[]> {
  const files = (await readdir(import.meta.dirname)).filter((file) => DECLARATION.test(file)).sort();
  const entities: RegistrableEntity[] = [];
  for (const file of files) {
    const module: { default?: unknown } = await import(pathToFileURL(join(import.meta.dirname, file)).href);
    if (!isEntity(module.default))
      throw new Error(`server/api/${file}: the default export is no defineEntity(…)`);
    entities.push(module.default);
  }
  return entities;
}

export async function registerApi(app: FastifyInstance): Promise<void> {
  await app.register(authRoutes);
  await app.register(companyRoutes);
  await app.register(notificationRoutes);
  await app.register(projectRoutes);
  await app.register(modelRoutes);
  await app.register(uploadRoutes);
  for (const entity of await declaredEntities()) {
    await app.register((scope: FastifyInstance) => entity.register(scope));
  }
  await app.register(userRoutes);
  await app.register(libraryRoutes);
  await app.register(changelogRoutes);
  await app.register(faqRoutes);
  await app.register(issueReportRoutes);
  await app.register(feedbackReportRoutes);
  await app.register(maintenanceModeRoutes);
  await app.register(fileRoutes);
}
