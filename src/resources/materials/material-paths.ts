/** Where a material's screens are: its URL-encoded name in a route (the declaration's and its pages' links). */
import type { Material } from '@shared/entities/materials';

export const materialPath = (route: string, material: Pick<Material, 'name'>) =>
  `/${route}/${encodeURIComponent(material.name)}`;
