// @vitest-environment node
/**
 * The licence names (spec 2 §1: design_and_sales, hatch shown as Converter & Optimizer, standalone, holo_helmet,
 * realization): one set of texts in the common namespace, which the user form's toggles and the company profile's
 * licence table both read (`licenceNameKey`), in English and Dutch; no screen keeps a copy of its own.
 */
import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { LICENCE_KEYS } from '@shared/platforms';
import { licenceNameKey } from '@/lib/licence-names';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import enAccount from '../../public/locales/en/account.json';
import enCompanies from '../../public/locales/en/adminCompanies.json';
import enCommon from '../../public/locales/en/common.json';
import enUsers from '../../public/locales/en/securityUsers.json';
import nlAccount from '../../public/locales/nl/account.json';
import nlCompanies from '../../public/locales/nl/adminCompanies.json';
import enNotifications from '../../public/locales/en/notifications.json';
import nlNotifications from '../../public/locales/nl/notifications.json';
import nlCommon from '../../public/locales/nl/common.json';
import nlUsers from '../../public/locales/nl/securityUsers.json';

async function translator(language: 'en' | 'nl') {
  const instance = createInstance();
  await instance.init({
    lng: language,
    ns: ['common', 'account', 'securityUsers', 'adminCompanies', 'notifications'],
    defaultNS: 'common',
    resources: {
      en: {
        common: enCommon,
        account: enAccount,
        securityUsers: enUsers,
        adminCompanies: enCompanies,
        notifications: enNotifications,
      },
      nl: {
        common: nlCommon,
        account: nlAccount,
        securityUsers: nlUsers,
        adminCompanies: nlCompanies,
        notifications: nlNotifications,
      },
    },
  });
  return instance;
}

describe('licence names', () => {
  it('names hatch Converter & Optimizer and design_and_sales Design & Sales, from every namespace alike', async () => {
    for (const language of ['en', 'nl'] as const) {
      const i18n = await translator(language);
      for (const ns of ['account', 'securityUsers']) {
        const t = i18n.getFixedT(language, ns);
        expect(t(licenceNameKey('hatch'))).toBe('Converter & Optimizer');
        expect(t(licenceNameKey('design_and_sales'))).toBe('Design & Sales');
      }
    }
  });

  it('has a name for every licence in both languages', async () => {
    for (const language of ['en', 'nl'] as const) {
      const i18n = await translator(language);
      for (const key of LICENCE_KEYS) {
        expect(i18n.exists(licenceNameKey(key)), `${language} ${key}`).toBe(true);
      }
    }
  });

  it('names the licences, product names, alike in Dutch (the admin company form says Realization too)', () => {
    for (const key of LICENCE_KEYS) {
      expect(nlCommon.licences[key], key).toBe(enCommon.licences[key]);
    }
  });

  it('keeps no second copy in the company profile or the users screen', () => {
    for (const texts of [enAccount, nlAccount]) expect(texts.company).not.toHaveProperty('licenceNames');
    for (const texts of [enUsers, nlUsers]) expect(texts.licences).not.toHaveProperty('names');
  });
});

type Tree = { [key: string]: string | Tree };

/** Every text of a language as `namespace:key` and its value. */
function texts(language: string): Array<[string, string]> {
  const folder = join(import.meta.dirname, '../../public/locales', language);
  const flatten = (tree: Tree, prefix: string): Array<[string, string]> =>
    Object.entries(tree).flatMap(([key, value]) =>
      typeof value === 'string'
        ? [[`${prefix}${key}`, value] as [string, string]]
        : flatten(value, `${prefix}${key}.`),
    );
  return readdirSync(folder).flatMap((file) =>
    flatten(JSON.parse(readFileSync(join(folder, file), 'utf8')) as Tree, `${file.replace(/\.json$/, '')}:`),
  );
}

describe('one name per licence (issue 31)', () => {
  // The platforms' own names ('Preparation & Content', 'Designs and Sales') and the issue report's product names
  // (spec 2 §3 quotes them, 'Converter and Optimizer' among them) are names of other things.
  const OWN_PLACES = /^(common:licences\.|common:platforms\.|reports:products\.)/;
  const SPELLED_OUT = /Converter|Optimi[sz]er|Designs? (&|and) Sales|HoloHelmet|Realization|Standalone/;

  it.each(['en', 'nl'])('is written only in common:licences; other %s texts nest it', (language) => {
    const copies = texts(language).filter(
      ([key, value]) => !OWN_PLACES.test(key) && SPELLED_OUT.test(value.replace(/\$t\([^)]*\)/g, '')),
    );
    expect(copies).toEqual([]);
  });

  it('reads the same where another screen names it', async () => {
    const en = await translator('en');
    expect(en.t('adminCompanies:licences.hatch')).toBe('Converter & Optimizer licenses bought');
    expect(en.t('securityUsers:licences.needsDesign')).toBe('Needs Design & Sales.');
    const nl = await translator('nl');
    expect(nl.t('adminCompanies:licences.design_and_sales')).toBe('Gekochte Design & Sales-licenties');
    expect(nl.t('securityUsers:licences.needsDesign')).toBe('Vereist Design & Sales.');
  });

  it('names a stored notification’s licence by its key, in the reader’s language', async () => {
    const params = { licence: 'hatch', company: 'Acme Visuals' };
    expect((await translator('en')).t('notifications:messages.licenceAssigned.text', params)).toBe(
      'You were given a Converter & Optimizer license for Acme Visuals.',
    );
    expect((await translator('nl')).t('notifications:messages.licenceAssigned.text', params)).toBe(
      'Je hebt een Converter & Optimizer-licentie gekregen voor Acme Visuals.',
    );
  });
});
