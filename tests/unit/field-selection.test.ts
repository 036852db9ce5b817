/**
 * A list's field selection (spec 2 §7) is typed by its entity's record type, the `Static<>` of its shared schema,
 * whose properties are the fields the server accepts: a name that is not one fails the type check
 * (`npx tsc --noEmit`), so a selection cannot name a field the API would refuse with a 400.
 */
import { describe, expect, it } from 'vitest';
import type { Project } from '@shared/entities/projects';
import { fieldSelection } from '@/declarations/field-selection';

describe('a field selection', () => {
  it('names each field with the resource prefix, in the order given', () => {
    expect(fieldSelection<Project>('projects', ['name', 'id'])).toEqual(['projects.name', 'projects.id']);
  });

  it("accepts only the properties of the entity's shared schema", () => {
    // @ts-expect-error 'title' is no property of ProjectSchema: the server would answer 400.
    expect(fieldSelection<Project>('projects', ['id', 'title'])).toEqual(['projects.id', 'projects.title']);
  });
});
