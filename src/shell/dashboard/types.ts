/** The records the dashboard reads (spec 1 §3, spec 2 §3). */
export interface ProjectLabel {
  id: number;
  name: string;
  color: string | null;
}

export interface ProjectSummary {
  id: number;
  name: string;
  description: string | null;
  preview_image: string | null;
  /** Its own preview, else its newest model's render (issue 42); in the table's full answer, not the slider's. */
  cover_image?: string | null;
  status?: 'active' | 'inactive';
  labels?: ProjectLabel[];
  created_at?: string;
  updated_at?: string;
}

export const CHANGELOG_TYPES = ['added', 'fixed', 'updated'] as const;
export type ChangelogType = (typeof CHANGELOG_TYPES)[number];

export interface ChangelogItem {
  id: number;
  type: ChangelogType;
  description: string;
  /** Shown to Dutch readers when set (issue 12). */
  description_nl?: string | null;
  screenshot: boolean;
  screenshot_url: string | null;
  date_on_development: string | null;
  date_on_test: string | null;
  date_on_acceptance: string | null;
  date_on_production: string | null;
  created_at?: string;
  updated_at?: string;
}
