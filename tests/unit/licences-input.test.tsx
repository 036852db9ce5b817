/**
 * The user form's licence switches (src/resources/users/LicencesInput.tsx, issue 42): each switch is named by its
 * licence's name and described by its seats, and a click on the name switches it as a click on the switch does.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { useState } from 'react';
import { initReactI18next } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import LicencesInput from '@/resources/users/LicencesInput';
import enCommon from '../../public/locales/en/common.json';
import enUsers from '../../public/locales/en/securityUsers.json';
import { renderInPortal, stubApi } from './data-provider-stub';

function usersI18n() {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: 'en',
    ns: ['common', 'securityUsers'],
    defaultNS: 'common',
    resources: { en: { common: enCommon, securityUsers: enUsers } },
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
    initAsync: false,
  });
  return instance;
}

function LicencesField({ initial }: { initial: string[] }) {
  const [value, setValue] = useState<unknown>(initial);
  return (
    <LicencesInput
      id="licenses"
      ns="securityUsers"
      field={{ name: 'licenses', labelKey: 'fields.licenses', kind: 'checkboxes' }}
      value={value}
      onChange={setValue}
    />
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('the licence switches', () => {
  it('are named by their licences, described by their seats, and switched by a click on the name', async () => {
    stubApi().on('GET', '/companies/my-company', {
      body: {
        data: {
          id: 1,
          licenses: [
            { key: 'design_and_sales', bought: 10, used: 3 },
            { key: 'hatch', bought: 5, used: 2 },
            { key: 'standalone', bought: 1, used: 0 },
            { key: 'realization', bought: 2, used: 0 },
            { key: 'holo_helmet', bought: 0, used: 0 },
          ],
        },
      },
    });
    const user = userEvent.setup();
    renderInPortal(<LicencesField initial={[]} />, { i18n: usersI18n() });

    const design = screen.getByRole('switch', { name: 'Design & Sales' });
    await waitFor(() => expect(design).toBeEnabled());
    expect(design).toHaveAccessibleDescription('7 available');
    expect(screen.getByRole('switch', { name: 'Converter & Optimizer' })).toHaveAccessibleDescription(
      'Needs Design & Sales.',
    );
    expect(screen.getByRole('switch', { name: 'HoloHelmet' })).toBeDisabled();
    for (const name of ['Realization', 'Standalone'])
      expect(screen.getByRole('switch', { name })).toBeEnabled();

    await user.click(screen.getByText('Design & Sales', { selector: 'label' }));
    expect(design).toBeChecked();
    await user.click(screen.getByText('Converter & Optimizer', { selector: 'label' }));
    expect(screen.getByRole('switch', { name: 'Converter & Optimizer' })).toBeChecked();
  });
});
