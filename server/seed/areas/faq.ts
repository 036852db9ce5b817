/** The FAQ of the demo fixture: 3 categories with their questions. */
import type { DB } from '../../db/database';
import { daysAgo } from '../time';
import { defineSeedArea } from '../seed-area';

const CATEGORIES: Array<{ name: string; questions: Array<[question: string, answer: string]> }> = [
  {
    name: 'Getting started',
    questions: [
      [
        'How do I sign in?',
        'Open your company address and sign in with your username or email address and your password.',
      ],
      [
        'How do I create my first project?',
        'Choose Projects in the menu, then New Project. Give it a name, add labels and members, and save.',
      ],
      ['Which browsers are supported?', 'The latest versions of Chrome, Edge, Firefox and Safari.'],
    ],
  },
  {
    name: 'Models and libraries',
    questions: [
      [
        'Which file types can I upload as a model?',
        'FBX files, and ZIP archives holding a model with its textures.',
      ],
      [
        'Why does my model stay in the queue?',
        'Models are processed one after another. A model waits in the queue until the processor is free.',
      ],
    ],
  },
  {
    name: 'Account and security',
    questions: [
      [
        'How do I change my password?',
        'Open Account from the menu under your avatar, go to Settings and use the Change Password card.',
      ],
      [
        'Who can see my projects?',
        'Users of your company whose role allows it, and the members you add to a project.',
      ],
    ],
  },
];

export async function seedFaq(db: DB): Promise<void> {
  const now = Date.now();
  for (const [index, category] of CATEGORIES.entries()) {
    const at = daysAgo(30 - index * 5, now);
    const { id } = await db
      .insertInto('faq_categories')
      .values({ name: category.name, created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('faq_questions')
      .values(
        category.questions.map(([question, answer]) => ({
          category_id: id,
          question,
          answer,
          created_at: at,
          updated_at: at,
        })),
      )
      .execute();
  }
}

export default defineSeedArea({ order: 110, run: seedFaq });
