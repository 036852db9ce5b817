// @vitest-environment node
/** The account and company forms' pure parts: payloads, where server errors show, the colour input rules. */
import { describe, expect, it } from 'vitest';
import { cleanHexInput, contrastWithWhite, isHexColor } from '@/lib/colors';
import { settingsPayload } from '@/components/settings-form/SettingsFields';
import { placeMessages } from '@/components/settings-form/useSettingsForm';
import { COMPANY_DETAILS, companyFields } from '@/resources/company-profile/company-form';
import {
  ACCOUNT_DETAILS,
  NOTIFICATION_SETTINGS,
  PASSWORD_CARD,
  type AccountFormValues,
} from '@/resources/my-account/account-form';

const ACCOUNT_FIELDS = [...ACCOUNT_DETAILS, NOTIFICATION_SETTINGS, ...PASSWORD_CARD];
const placeErrors = (errors: Record<string, string[] | string>) => placeMessages(ACCOUNT_FIELDS, errors);
const accountPayload = (values: AccountFormValues) => settingsPayload(ACCOUNT_FIELDS, values);
const companyPayload = (values: object, admin: boolean) => settingsPayload(companyFields(admin), values);

describe('the settings fields keep the rules of the shared input schemas', () => {
  const rules = (fields: ReadonlyArray<{ name: string; maxLength?: number; requiredKey?: string }>) =>
    Object.fromEntries(
      fields.map((field) => [field.name, [field.maxLength ?? null, field.requiredKey ?? null]]),
    );

  it('a text is as long as the schema allows, and required where it requires it', () => {
    expect(rules(ACCOUNT_DETAILS)).toEqual({
      name: [255, 'validation.required'],
      username: [255, 'validation.required'],
      email: [255, 'validation.required'],
      phone_number: [50, null],
      function: [255, null],
    });
    // A field that names its own message keeps it.
    expect(rules(COMPANY_DETAILS)).toMatchObject({
      name: [255, 'company.nameRequired'],
      postal_code: [20, null],
      phone_number: [50, null],
      description: [5000, null],
    });
  });
});

describe("the account's 422 messages (spec 2 §5)", () => {
  it('puts the first current and new password errors under their fields and the second new one under the confirmation', () => {
    expect(
      placeErrors({
        current_password: ['The password is incorrect.'],
        new_password: ['Too short.', 'Does not match.'],
        name: ['The name field is required.'],
        'notification_settings.3': ['Invalid.'],
      }),
    ).toEqual([
      { name: 'current_password', errors: ['The password is incorrect.'] },
      { name: 'new_password', errors: ['Too short.'] },
      { name: 'new_password_confirmation', errors: ['Does not match.'] },
      { name: 'name', errors: ['The name field is required.'] },
    ]);
  });

  it('shows a confirmation error under the confirmation', () => {
    expect(placeErrors({ new_password_confirmation: ['No match.'] })).toEqual([
      { name: 'new_password_confirmation', errors: ['No match.'] },
    ]);
  });
});

describe("the account's payload", () => {
  it('sends the password fields only when a password is typed, and the settings as 1/0', () => {
    const plain = accountPayload({
      name: 'A',
      username: 'a',
      email: 'a@b.c',
      notification_settings: { 3: { email: false, browser: true } },
    });
    expect(plain).not.toHaveProperty('current_password');
    expect(plain.notification_settings).toEqual({ 3: { notification_type_id: '3', email: 0, browser: 1 } });
    const withPassword = accountPayload({
      current_password: 'x',
      new_password: 'y',
      logout_all_devices: true,
    });
    expect(withPassword).toMatchObject({
      current_password: 'x',
      new_password: 'y',
      new_password_confirmation: '',
      logout_all_devices: 1,
    });
  });
});

describe("the company's payload", () => {
  it('sends an empty demo model and accent as empty, and the Autodesk option only for admins', () => {
    const values = {
      name: 'Acme',
      demo_model_id: null,
      primary_color: '#123456',
      primary_accent: '',
      autodesk_integration: 'yes' as const,
    };
    expect(companyPayload(values, false)).toMatchObject({
      demo_model_id: null,
      primary_accent: null,
      is_default: 0,
    });
    expect(companyPayload(values, false)).not.toHaveProperty('autodesk_integration');
    expect(companyPayload(values, true)).toHaveProperty('autodesk_integration', 'yes');
  });
});

describe('colour input (spec 2 §5)', () => {
  it('strips non-hex characters and caps the length at 6, or 8 with alpha', () => {
    expect(cleanHexInput('#12zz34ab99', false)).toBe('#1234ab');
    expect(cleanHexInput('12zz34ab99', true)).toBe('#1234ab99');
    expect(cleanHexInput('xyz', true)).toBe('');
  });

  it('accepts 3 or 6 digits, and 4 or 8 with alpha', () => {
    expect(['#abc', '#aabbcc'].every((value) => isHexColor(value, false))).toBe(true);
    expect(isHexColor('#abcd', false)).toBe(false);
    expect(['#abcd', '#aabbccdd', '#abc'].every((value) => isHexColor(value, true))).toBe(true);
    expect(isHexColor('#abcde', true)).toBe(false);
  });

  it('measures the contrast of white text on a colour', () => {
    expect(contrastWithWhite('#000000')).toBeCloseTo(21);
    expect(contrastWithWhite('#eeeeee')!).toBeLessThan(4.5);
    expect(contrastWithWhite('nope')).toBeNull();
  });
});
