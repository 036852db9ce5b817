/**
 * Declare once (issue 30): what names an entity outside its declaration derives from it. An activity entry names
 * the entity of any declared collection (read or write) with the declaration's word, and a validation message in
 * Dutch names an entity's fields as its Dutch texts label them; neither keeps a list of entities.
 */
import { declaredEntities } from '../../server/api/index';
import { describe, expect, it } from 'vitest';
import {
  activityCollections,
  activityMessage,
  declaredActivityCollections,
  reprocessTarget,
} from '../../server/domain/activity-messages';
import { entityFields, toDutch } from '../../server/http/language';
import { renderMessage } from '../../server/http/messages';

/** Throw-away declarations, as `npm run make:resource` writes them (only what the derivation reads). */
const suppliers = { collection: 'suppliers', entity: 'supplier' };
const paintBrands = {
  collection: 'paint-brands',
  writeCollection: 'admin/paint-brands',
  entity: 'paint_brand',
};

describe('activity entries', () => {
  it('name the record of a declared collection, with the entity as the context of the message', () => {
    const collections = activityCollections([suppliers, paintBrands]);
    const updated = activityMessage(
      { action: 'updated', path: 'suppliers/3', answer: { data: { id: 3, name: 'Acme Timber' } } },
      collections,
    );
    expect(updated).toEqual({
      key: 'account:activity.messages.updated',
      params: { context: 'supplier', name: 'Acme Timber' },
    });
    // Without a wording of its own the entity's entry names the record alone, in every language.
    expect(renderMessage(updated, 'en')).toBe('Updated Acme Timber');
    expect(renderMessage(updated, 'nl')).toBe('Acme Timber gewijzigd');
    // The write collection names it too, and `paint_brand` is `paintBrand`.
    expect(
      activityMessage({ action: 'deleted', path: 'admin/paint-brands/2', body: { name: 'Hue' } }, collections)
        .params,
    ).toEqual({ context: 'paintBrand', name: 'Hue' });
    // Undeclared, the same write says only what was done.
    expect(activityMessage({ action: 'updated', path: 'suppliers/3' }, activityCollections([]))).toEqual({
      key: 'account:activity.actions.updated',
      params: {},
    });
  });

  it("name a reprocessed record by its declaration's name of the id", async () => {
    const names = new Map([[4, 'Oak Shelf']]);
    const collections = activityCollections([
      { ...suppliers, nameById: async (_db, _company, id) => names.get(id) ?? null },
    ]);
    const target = reprocessTarget('suppliers/4/reprocess', collections)!;
    expect(target.id).toBe(4);
    const recordName = await target.nameById(null as never, 1, target.id);
    expect(
      activityMessage({ action: 'updated', path: 'suppliers/4/reprocess', recordName }, collections),
    ).toEqual({
      key: 'account:activity.messages.reprocessed',
      params: { context: 'supplier', name: 'Oak Shelf' },
    });
    expect(reprocessTarget('suppliers/4', collections)).toBeNull();
  });

  it('take the declared word of an entity (`activity`) over its singular', () => {
    const collections = activityCollections([{ ...suppliers, activity: 'vendor' }]);
    expect(
      activityMessage({ action: 'created', path: 'suppliers', body: { name: 'A' } }, collections).params,
    ).toEqual({ context: 'vendor', name: 'A' });
  });

  it("name the API's entities from their declarations, the longest collection first", async () => {
    const collections = declaredActivityCollections(await declaredEntities());
    const contextOf = (path: string) =>
      activityMessage({ action: 'updated', path, body: { name: 'Bob Brink' } }, collections).params.context;
    expect(contextOf('users/5')).toBe('user');
    expect(contextOf('admin/users/5')).toBe('user');
    expect(contextOf('projects/models/4')).toBe('model');
    expect(contextOf('projects/4')).toBe('project');
    expect(contextOf('libraries/items/4')).toBe('item');
    expect(contextOf('materials/categories/4')).toBe('materialCategory');
    expect(contextOf('admin/planned-maintenance/4')).toBe('maintenance');
    expect(contextOf('admin/questions/categories/4')).toBe('faqCategory');
    expect(contextOf('questions/categories/4')).toBe('faqCategory');
    expect(contextOf('admin/questions/4')).toBe('faqQuestion');
    expect(contextOf('admin/downloads/4')).toBe('download');
    expect(contextOf('property-maps/4')).toBe('propertyMap');
    expect(contextOf('admin/changelog-items/4')).toBe('changelogItem');
    const message = activityMessage(
      { action: 'updated', path: 'users/5', body: { name: 'Bob Brink' } },
      collections,
    );
    expect(renderMessage(message, 'en')).toBe('Updated user Bob Brink');
    expect(renderMessage(message, 'nl')).toBe('Gebruiker Bob Brink gewijzigd');
  });
});

describe('Dutch field names', () => {
  it("come from an entity's Dutch form labels, as a message writes the field", () => {
    const names = entityFields([
      {
        fields: {
          name: 'Naam',
          rating: 'Beoordeling',
          preferredSince: 'Voorkeur sinds',
          phone_number: 'Telefoonnummer',
          ratingHelp: 'Van 1 tot 5.',
          shade: 'RAL-kleur',
        },
      },
      { fields: { name: 'Naam', file: 'Modelbestand' } },
      { fields: { file: 'Itembestand' } },
    ]);
    expect(Object.fromEntries(names)).toEqual({
      name: 'naam',
      rating: 'beoordeling',
      'preferred since': 'voorkeur sinds',
      'phone number': 'telefoonnummer',
      // An abbreviation keeps its capitals.
      shade: 'RAL-kleur',
      // Two entities label `file` differently: neither names it.
    });
  });

  it('name the fields of every entity and keep the shared ones', () => {
    // From the changelog's and the projects' texts.
    expect(toDutch('The environments field is required.')).toBe('Het veld omgevingen is verplicht.');
    expect(toDutch('The preview image field is required.')).toBe(
      'Het veld voorbeeldafbeelding is verplicht.',
    );
    // Shared, and worded otherwise than the forms' 'E-mail'.
    expect(toDutch('The email field must be a valid email address.')).toBe(
      'Het veld e-mailadres moet een geldig e-mailadres zijn.',
    );
    expect(toDutch('The file field is required.')).toBe('Het veld bestand is verplicht.');
  });
});
