/** The role form's abilities: every ability of spec 2 §6 grouped by area, each group with a select-all box. */
import { Checkbox } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FieldInputProps } from '@/declarations/types';
import { ABILITY_AREAS } from '@shared/abilities';
import './roles.css';

export default function AbilitiesInput({ id, value, onChange, ns }: FieldInputProps) {
  const { t } = useTranslation(ns);
  const chosen = new Set(Array.isArray(value) ? (value as string[]) : []);
  const change = (abilities: readonly string[], on: boolean) => {
    const next = new Set(chosen);
    for (const ability of abilities) {
      if (on) next.add(ability);
      else next.delete(ability);
    }
    onChange?.([...next].sort());
  };
  return (
    <div id={id} className="abilities-input">
      {ABILITY_AREAS.map((area) => {
        const held = area.abilities.filter((ability) => chosen.has(ability)).length;
        const areaName = t(`areas.${area.key}`);
        return (
          <fieldset key={area.key} className="abilities-input__area">
            <legend>{areaName}</legend>
            <Checkbox
              checked={held === area.abilities.length}
              indeterminate={held > 0 && held < area.abilities.length}
              onChange={(event) => change(area.abilities, event.target.checked)}
              aria-label={t('selectAllOf', { area: areaName })}
            >
              {t('selectAll')}
            </Checkbox>
            {area.abilities.map((ability) => (
              <Checkbox
                key={ability}
                checked={chosen.has(ability)}
                onChange={(event) => change([ability], event.target.checked)}
              >
                {t(`abilityNames.${ability}`)}
              </Checkbox>
            ))}
          </fieldset>
        );
      })}
    </div>
  );
}
