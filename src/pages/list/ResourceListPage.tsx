/**
 * The generic list screen of a declared resource: the declared list (`ListView`) as the page, with its title bar.
 * Loaded on its own (shared-chunks.ts), the first screen of most visits.
 */
import type { ResourcePageProps } from '@/declarations/types';
import { ListView } from './ListView';

export default function ResourceListPage({ resource }: ResourcePageProps) {
  return <ListView resource={resource} />;
}
