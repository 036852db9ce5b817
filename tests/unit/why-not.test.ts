/**
 * Issue 33, 'why not': every refusal of a permission has its reason in the user's language: the missing ability
 * by its name in the role editor, the missing licence by its one name, the platform, administrators only. One
 * function (`whyNotPermitted`), which the access-control provider answers as refine's `reason`.
 */
import { describe, expect, it } from 'vitest';
import { anyOf } from '@shared/abilities';
import { type Permission, type ReasonTranslator, whyNotPermitted } from '@/lib/permissions';
import { createAccessControlProvider } from '@/providers/access-control';
import { portalI18n } from './support/portal-app';

const user = (abilities: string[] = [], licenses: string[] = [], admin = false) => ({
  admin,
  abilities,
  licenses,
});
const translator = (language: string): ReasonTranslator => {
  const i18n = portalI18n(language);
  return (key, options) => i18n.t(key, options ?? {});
};
const en = translator('en');
const nl = translator('nl');
const bob = user(['view-projects', 'list-libraries'], ['design_and_sales']);

const why = (permission: Permission, t = en, subject: ReturnType<typeof user> | null = bob) =>
  whyNotPermitted(subject, 'customerportal', permission, t);

describe('whyNotPermitted', () => {
  it('says nothing where the permission is met', () => {
    expect(why({ ability: 'view-projects', licence: 'design_and_sales', platform: 'customerportal' })).toBe(
      undefined,
    );
    expect(why({ ability: 'delete-projects', admin: true }, en, user([], [], true))).toBe(undefined);
  });

  it('names the missing ability as the role editor does, in both languages', () => {
    expect(why({ ability: 'delete-projects' })).toBe(
      'Needs the permission “Delete projects”, which your role does not have',
    );
    expect(why({ ability: 'delete-projects' }, nl)).toBe(
      'Hiervoor is het recht ‘Projecten verwijderen’ nodig, en dat heeft je rol niet',
    );
  });

  it('names each alternative of several abilities (anyOf)', () => {
    expect(why({ ability: anyOf('view-company', 'edit-company') }, en, user())).toBe(
      'Needs the permission “View company profile” or “Edit company profile”, which your role has none of',
    );
    expect(why({ ability: anyOf('view-company', 'edit-company') }, nl, user())).toBe(
      'Hiervoor is het recht ‘Bedrijfsprofiel bekijken’ of ‘Bedrijfsprofiel bewerken’ nodig, en geen daarvan heeft je rol',
    );
  });

  it('names the missing licence by its one name', () => {
    expect(why({ licence: 'hatch' })).toBe('Needs a Converter & Optimizer license, which you do not have');
    expect(why({ licence: 'hatch' }, nl)).toBe(
      'Hiervoor is een licentie voor Converter & Optimizer nodig, en die heb je niet',
    );
  });

  it('names the platform an action is limited to, for administrators too', () => {
    expect(why({ platform: 'hatch' }, en, user([], [], true))).toBe(
      'Only available on Preparation & Content',
    );
    expect(why({ platform: 'hatch' }, nl)).toBe('Alleen beschikbaar op Voorbereiding & Content');
  });

  it('says administrators only', () => {
    expect(why({ admin: true })).toBe('Only platform administrators can do this');
    expect(why({ admin: true }, nl)).toBe('Alleen platformbeheerders kunnen dit');
  });

  it('gives the first unmet part of a combined permission', () => {
    expect(why({ allOf: [{ ability: 'view-projects' }, { ability: 'update-projects' }] })).toBe(
      'Needs the permission “Update projects”, which your role does not have',
    );
    expect(why({ anyOf: [{ admin: true }, { ability: 'create-users' }] })).toBe(
      'Only platform administrators can do this',
    );
    expect(why({}, en, null)).toBe('Sign in first');
  });
});

describe('the access-control provider', () => {
  it('answers why not as its reason', async () => {
    const provider = createAccessControlProvider({
      subject: () => bob,
      platform: 'customerportal',
      t: en,
    });
    const resource = {
      name: 'projects',
      meta: { access: { actions: { delete: { ability: 'delete-projects' } } } },
    };
    await expect(
      provider.can({ resource: 'projects', action: 'delete', params: { resource } }),
    ).resolves.toEqual({
      can: false,
      reason: 'Needs the permission “Delete projects”, which your role does not have',
    });
    await expect(
      provider.can({ resource: 'projects', action: 'list', params: { resource } }),
    ).resolves.toEqual({
      can: true,
    });
  });
});
