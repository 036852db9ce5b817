/**
 * The user form's licence toggles (spec 2 §4, §5): one switch per licence, disabled when the company bought none,
 * Converter & Optimizer (hatch) also without Design & Sales, each with the seats available (bought minus used);
 * switching Design & Sales off switches hatch off too. The server enforces the same and the seat count. Each switch
 * is named by its licence's name, a `<label>` of it (issue 42: a click on the name switches it too), and described
 * by its seats or the reason it is off.
 */
import { useOne } from '@refinedev/core';
import { Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { LICENCE_KEYS, type LicenceKey } from '@shared/platforms';
import { licenceNameKey } from '@/lib/licence-names';
import type { FieldInputProps } from '@/declarations/types';
import './users.css';

interface LicenceSeats {
  key: string;
  bought: number;
  used: number;
}

/** The licences after switching `key`: hatch only with design_and_sales, and leaves with it. */
export function toggleLicence(current: readonly string[], key: LicenceKey, on: boolean): string[] {
  const next = new Set(current);
  if (on) next.add(key);
  else next.delete(key);
  if (!next.has('design_and_sales')) next.delete('hatch');
  return LICENCE_KEYS.filter((licence) => next.has(licence));
}

export default function LicencesInput({ id, value, onChange, ns }: FieldInputProps) {
  const { t } = useTranslation(ns);
  const { result: company } = useOne<{ id: number; licenses: LicenceSeats[] }>({
    resource: 'companies',
    id: 'my-company',
  });
  const held = Array.isArray(value) ? (value as string[]) : [];
  return (
    <div id={id} className="licence-switches" role="group" aria-label={t('fields.licenses')}>
      {LICENCE_KEYS.map((key) => {
        const seats = company?.licenses.find((licence) => licence.key === key);
        const bought = seats?.bought ?? 0;
        const available = Math.max(0, bought - (seats?.used ?? 0));
        const on = held.includes(key);
        // Until the company's seats arrive the switches wait (disabled) without a verdict.
        const reason = !company
          ? undefined
          : bought === 0
            ? t('licences.noneBought')
            : key === 'hatch' && !held.includes('design_and_sales')
              ? t('licences.needsDesign')
              : undefined;
        const switchId = `${id ?? 'licences'}-${key}`;
        return (
          <div key={key} className="licence-switches__row">
            <Switch
              checked={on}
              disabled={!company || (!!reason && !on)}
              onChange={(checked) => onChange?.(toggleLicence(held, key, checked))}
              id={switchId}
              aria-describedby={`${switchId}-seats`}
              data-licence={key}
            />
            <label htmlFor={switchId} className="licence-switches__name">
              {t(licenceNameKey(key))}
            </label>
            <span id={`${switchId}-seats`} className="licence-switches__seats">
              {company && (reason ?? t('licences.available', { count: available }))}
            </span>
          </div>
        );
      })}
    </div>
  );
}
