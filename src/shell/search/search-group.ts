/** What a result group of the global search is (search-groups.ts derives them), and a result as it reads them. */
import type { RequiredAbilities } from '@shared/abilities';
import type { PlatformKey } from '@shared/platforms';
import type { ReactNode } from 'react';

/** A search result as the list endpoints answer it; groups read what their entity has. */
export interface SearchRecord {
  id?: number | string;
  name?: string;
  title?: string;
  description?: string | null;
  email?: string;
  status?: string;
  color?: string | null;
  preview_image?: string | null;
  preview_image_url?: string | null;
  /** A project's or library's (a category's `cover_image_url`) own preview, else a render in it (issue 42). */
  cover_image?: string | null;
  cover_image_url?: string | null;
  profile_image?: string | null;
  updated_at?: string | null;
  created_at?: string | null;
  [key: string]: unknown;
}

/** A group's key: `groups.<key>` in search.json and the category key of the stored search settings. */
export type SearchGroupKey = string;

export interface RowTarget {
  to: string;
  state?: unknown;
}

export interface SearchGroup {
  key: SearchGroupKey;
  /** Place among the groups. */
  order: number;
  icon: ReactNode;
  /** The list endpoint below /api/v2. */
  resource: string;
  /** Spec 1 §6: the list/view permission that shows the group. */
  ability: RequiredAbilities;
  /** Only on this platform (the authoring-only groups). */
  platform?: PlatformKey;
  viewAll: string;
  /** Translation key of the 'View All' link ('viewAll', or 'viewUsers' for users). */
  viewAllLabel: 'viewAll' | 'viewUsers';
  rowTarget(record: SearchRecord): RowTarget;
  /** Rows navigate only with this ability (users, roles, groups, labels, property maps). */
  rowAbility?: RequiredAbilities;
  /** The sort field for 'Modified' when it differs from updated_at (spec 1 §9: users sort by email_verified_at). */
  defaultSort?: string;
}
