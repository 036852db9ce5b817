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
import enAccount from '../../public/locales/en/account.json';
import enCommon from '../../public/locales/en/common.json';
import enUsers from '../../public/locales/en/securityUsers.json';
import nlAccount from '../../public/locales/nl/account.json';
import nlCommon from '../../public/locales/nl/common.json';
import nlUsers from '../../public/locales/nl/securityUsers.json';

async function translator(language: 'en' | 'nl') {
  const instance = createInstance();
  await instance.init({
    lng: language,
    ns: ['common', 'account', 'securityUsers'],
    defaultNS: 'common',
    resources: {
      en: { common: enCommon, account: enAccount, securityUsers: enUsers },
      nl: { common: nlCommon, account: nlAccount, securityUsers: nlUsers },
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
