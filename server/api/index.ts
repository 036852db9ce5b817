/**
 * Every /api/v2 endpoint group: the entity declarations `*.entity.ts` in this folder, found by name (adding an
 * entity needs nothing outside its file), and the modules of the other endpoint groups.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { isEntity, type RegistrableEntity } from '../http/crud/declared-entity';
import { registerActivityRecorder } from '../domain/activity-recorder';
import { authRoutes } from './auth';
import { autodeskRoutes } from './autodesk';
import { changelogRoutes } from './changelog-items';
import { companyRoutes } from './companies';
import { downloadRoutes } from './downloads';
import { faqRoutes } from './faq';
import { feedbackReportRoutes } from './feedback-reports';
import { issueReportRoutes } from './issue-reports';
import { fileRoutes } from './files';
import { libraryItemRoutes } from './library-items';
import { maintenanceModeRoutes } from './maintenance-mode';
import { materialRoutes } from './materials';
import { modelRoutes } from './models';
import { myAccountRoutes } from './my-account';
import { notificationRoutes } from './notifications';
import { plannedMaintenanceRoutes } from './planned-maintenance';
import { passwordResetRoutes } from './password-reset';
import { projectRoutes } from './projects';
import { uploadRoutes } from './uploads';
import { userRoutes } from './users';
import { invitationRoutes } from './invitations';
import { invitationAcceptanceRoutes } from './invitation-acceptance';
import { mailOutboxRoutes } from './mail-outbox';
import { adminUserRoutes } from './admin-users';
import { userPreferenceRoutes } from './user-preferences';

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
  registerActivityRecorder(app, app.prefix);
  await app.register(authRoutes);
  await app.register(companyRoutes);
  await app.register(notificationRoutes);
  await app.register(projectRoutes);
  await app.register(modelRoutes);
  await app.register(libraryItemRoutes);
  await app.register(uploadRoutes);
  await app.register(materialRoutes);
  for (const entity of await declaredEntities()) {
    await app.register((scope: FastifyInstance) => entity.register(scope));
  }
  await app.register(userRoutes);
  await app.register(invitationRoutes);
  await app.register(invitationAcceptanceRoutes);
  await app.register(mailOutboxRoutes);
  await app.register(adminUserRoutes);
  await app.register(changelogRoutes);
  await app.register(downloadRoutes);
  await app.register(faqRoutes);
  await app.register(issueReportRoutes);
  await app.register(feedbackReportRoutes);
  await app.register(maintenanceModeRoutes);
  await app.register(plannedMaintenanceRoutes);
  await app.register(fileRoutes);
  await app.register(myAccountRoutes);
  await app.register(autodeskRoutes);
  await app.register(userPreferenceRoutes);
  await app.register(passwordResetRoutes);
}
