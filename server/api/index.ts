/** Every /api/v2 endpoint group, one module per entity. */
import type { FastifyInstance } from 'fastify';
import { authRoutes } from './auth';
import { changelogRoutes } from './changelog-items';
import { companyRoutes } from './companies';
import { fileRoutes } from './files';
import { labelRoutes } from './labels';
import { libraryRoutes } from './libraries';
import { maintenanceModeRoutes } from './maintenance-mode';
import { modelRoutes } from './models';
import { notificationRoutes } from './notifications';
import { projectRoutes } from './projects';
import { uploadRoutes } from './uploads';
import { userRoutes } from './users';

export async function registerApi(app: FastifyInstance): Promise<void> {
  await app.register(authRoutes);
  await app.register(companyRoutes);
  await app.register(notificationRoutes);
  await app.register(projectRoutes);
  await app.register(modelRoutes);
  await app.register(uploadRoutes);
  await app.register(labelRoutes);
  await app.register(userRoutes);
  await app.register(libraryRoutes);
  await app.register(changelogRoutes);
  await app.register(maintenanceModeRoutes);
  await app.register(fileRoutes);
}
