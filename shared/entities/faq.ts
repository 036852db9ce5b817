/** The FAQ (spec 2 §FAQ, §3): categories of questions with their answers, one set for the whole platform. */
import { type Static, Type } from '@sinclair/typebox';
import { DateTime } from '../schema-types';

/** What creating or renaming a category writes. */
export const FaqCategoryInputSchema = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 255 }),
});

/** A category as the list answers it. */
export const FaqCategorySchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  questions_count: Type.Integer(),
  created_at: DateTime,
  updated_at: DateTime,
});

/** What creating or editing a question writes. */
export const FaqQuestionInputSchema = Type.Object({
  question: Type.String({ minLength: 1, maxLength: 500 }),
  answer: Type.String({ minLength: 1, maxLength: 5000 }),
});

export const FaqQuestionSchema = Type.Object({
  id: Type.Integer(),
  category_id: Type.Integer(),
  question: Type.String(),
  answer: Type.String(),
  created_at: DateTime,
  updated_at: DateTime,
});

/** One category with its questions (oldest first). */
export const FaqCategoryDetailSchema = Type.Composite([
  FaqCategorySchema,
  Type.Object({ questions: Type.Array(FaqQuestionSchema) }),
]);

export type FaqCategory = Static<typeof FaqCategorySchema>;
export type FaqCategoryDetail = Static<typeof FaqCategoryDetailSchema>;
export type FaqQuestion = Static<typeof FaqQuestionSchema>;
export type FaqQuestionInput = Static<typeof FaqQuestionInputSchema>;
