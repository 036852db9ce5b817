/** The short forms of a label and a user that other entities carry (a project's labels and members). */
import { type Static, Type } from '@sinclair/typebox';
import { Nullable } from '../schema-types';

export const LabelSummarySchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  color: Type.String(),
});

/** A user as lists show them next to an entity (project members). */
export const UserSummarySchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  function: Nullable(Type.String()),
  email: Type.String(),
  profile_image: Nullable(Type.String()),
});

export type LabelSummary = Static<typeof LabelSummarySchema>;
export type UserSummary = Static<typeof UserSummarySchema>;
