/**
 * Materials (demo fixture): acme's category tree (Woods > Oak and Walnut, Metals > Brushed, Stone, Fabrics, one
 * archived), 24 materials in them (one a variant of `Oak Natural`, one archived, one connected to a model so it
 * and its categories are not deletable, names with a space, a slash and non-ASCII characters), and trashed
 * materials and categories deleted 2, 15, 29 and 31 days ago (the last is purged).
 */
import type { DB } from '../../db/database';
import { daysAgo, hoursAgo } from '../time';
import { defineSeedArea } from '../seed-area';

interface SeedCategory {
  name: string;
  parent?: string;
  description: string;
  archived?: boolean;
}

const CATEGORIES: SeedCategory[] = [
  { name: 'Woods', description: 'Timber species and finishes.' },
  { name: 'Oak', parent: 'Woods', description: 'Oak in every finish.' },
  { name: 'Walnut', parent: 'Woods', description: 'Dark walnut veneers.' },
  { name: 'Metals', description: 'Raw and treated metals.' },
  { name: 'Brushed', parent: 'Metals', description: 'Brushed metal finishes.' },
  { name: 'Stone', description: 'Natural and engineered stone.' },
  { name: 'Fabrics', description: 'Upholstery and curtains.' },
  { name: 'Legacy', description: 'Materials kept for old projects.', archived: true },
];

const MATERIALS: Array<{ name: string; categories: string[]; parent?: string; archived?: boolean }> = [
  { name: 'Oak Natural', categories: ['Oak'] },
  { name: 'Oak Natural Matte', categories: ['Oak'], parent: 'Oak Natural' },
  { name: 'Oak Smoked', categories: ['Oak'] },
  { name: 'Oak White Oiled', categories: ['Oak'] },
  { name: 'Walnut Veneer', categories: ['Walnut'] },
  { name: 'Walnut Dark', categories: ['Walnut'] },
  { name: 'Pine Rough', categories: ['Woods'] },
  { name: 'Teak Deck', categories: ['Woods'] },
  { name: 'Steel Brushed', categories: ['Brushed'] },
  { name: 'Aluminium Brushed', categories: ['Brushed'] },
  { name: 'Copper Patina', categories: ['Metals'] },
  { name: 'Brass Polished', categories: ['Metals'] },
  { name: 'Chrome Mirror', categories: ['Metals'] },
  { name: 'Marble Carrara', categories: ['Stone'] },
  { name: 'Granite Grey', categories: ['Stone'] },
  { name: 'Terrazzo Béton', categories: ['Stone'] },
  { name: 'Slate 30/60', categories: ['Stone'] },
  { name: 'Linen Natural', categories: ['Fabrics'] },
  { name: 'Velvet Bordeaux', categories: ['Fabrics'] },
  { name: 'Wool Felt', categories: ['Fabrics'] },
  { name: 'Leather Cognac', categories: ['Fabrics'] },
  { name: 'Concrete Raw', categories: [] },
  { name: 'Glass Frosted', categories: [] },
  { name: 'Vinyl Retro', categories: ['Legacy'], archived: true },
];

/** The material connected to acme's first model (so it, Oak and Woods are not deletable). */
const CONNECTED = 'Oak Smoked';

const TRASHED_DAYS = [2, 15, 29, 31];

export async function seedMaterials(db: DB): Promise<void> {
  const now = Date.now();
  const acme = await db
    .selectFrom('companies')
    .select('id')
    .where('sub_domain', '=', 'acme')
    .executeTakeFirst();
  if (!acme) return;
  const companyId = acme.id;
  const creators = await db
    .selectFrom('users')
    .select(['username', 'id'])
    .where('username', 'in', ['alice', 'admin'])
    .execute();
  const creatorId = (index: number) =>
    creators.find((user) => user.username === (index % 3 === 0 ? 'admin' : 'alice'))?.id ?? null;
  const model = await db
    .selectFrom('project_models')
    .select('id')
    .where('company_id', '=', companyId)
    .orderBy('id')
    .executeTakeFirst();

  const categoryId = new Map<string, number>();
  for (const [index, category] of CATEGORIES.entries()) {
    const row = await db
      .insertInto('material_categories')
      .values({
        company_id: companyId,
        parent_id: category.parent ? categoryId.get(category.parent)! : null,
        name: category.name,
        description: category.description,
        status: category.archived ? 'ARCHIVED' : 'ACTIVE',
        preview_image: null,
        created_at: daysAgo(60 - index, now),
        updated_at: hoursAgo(200 - index * 10, now),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    categoryId.set(category.name, row.id);
  }

  for (const [index, material] of MATERIALS.entries()) {
    const row = await db
      .insertInto('materials')
      .values({
        company_id: companyId,
        name: material.name,
        description: `${material.name} for interior and exterior renders.`,
        parent_name: material.parent ?? null,
        status: material.archived ? 'ARCHIVED' : 'ACTIVE',
        preview_image_url: null,
        model_id: material.name === CONNECTED ? (model?.id ?? null) : null,
        creator_id: creatorId(index),
        created_at: daysAgo(40 - index, now),
        updated_at: hoursAgo(300 - index * 7, now),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (material.categories.length) {
      await db
        .insertInto('material_category')
        .values(
          material.categories.map((name) => ({ material_id: row.id, category_id: categoryId.get(name)! })),
        )
        .execute();
    }
  }

  for (const days of TRASHED_DAYS) {
    await db
      .insertInto('materials')
      .values({
        company_id: companyId,
        name: `Discarded Swatch ${days}`,
        description: null,
        parent_name: null,
        preview_image_url: null,
        model_id: null,
        creator_id: creatorId(1),
        created_at: daysAgo(days + 10, now),
        updated_at: daysAgo(days, now),
        deleted_at: daysAgo(days, now),
      })
      .execute();
    await db
      .insertInto('material_categories')
      .values({
        company_id: companyId,
        parent_id: null,
        name: `Old Category ${days}`,
        description: null,
        preview_image: null,
        created_at: daysAgo(days + 10, now),
        updated_at: daysAgo(days, now),
        deleted_at: daysAgo(days, now),
      })
      .execute();
  }
}

export default defineSeedArea({ order: 90, run: seedMaterials });
