/** Changelog items (spec 1 §2.4 Updates box, spec 2 §3, §Admin): what changed, and when it reached each environment. */
import { type Static, Type } from '@sinclair/typebox';
import { DateTime, Nullable, StringEnum } from '../schema-types';
import { CHANGELOG_TYPES } from './changelog-item-values';

export {
  CHANGELOG_TYPES,
  type ChangelogType,
  ENVIRONMENTS,
  type Environment,
  environmentDate,
} from './changelog-item-values';

export const ChangelogItemSchema = Type.Object({
  id: Type.Integer(),
  type: StringEnum(CHANGELOG_TYPES),
  description: Type.String(),
  /** The Dutch description, shown to Dutch readers; null shows `description` (issue 12). */
  description_nl: Type.Optional(Nullable(Type.String())),
  screenshot: Type.Boolean(),
  screenshot_url: Nullable(Type.String()),
  date_on_development: Nullable(DateTime),
  date_on_test: Nullable(DateTime),
  date_on_acceptance: Nullable(DateTime),
  date_on_production: Nullable(DateTime),
  created_at: DateTime,
  updated_at: DateTime,
});

export type ChangelogItem = Static<typeof ChangelogItemSchema>;
