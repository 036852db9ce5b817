/** What the changelog list and its detail dialog show of an item: the type badge and the environments. */
import CheckOutlined from '@ant-design/icons-svg/es/asn/CheckOutlined';
import CloseOutlined from '@ant-design/icons-svg/es/asn/CloseOutlined';
import { Glyph } from '@/ui/Glyph';
import { type ChangelogType, ENVIRONMENTS, environmentDate } from '@shared/entities/changelog-item-values';
import type { ChangelogItem } from '@shared/entities/changelog-items';
import { dateTimeFormat } from '@/lib/intl-formats';
import type { RenderContext } from '@/declarations/types';
import { Tag } from '@/ui/Tag';
import './changelog.css';

type Translate = RenderContext['t'];

/** Added green, fixed orange, updated grey. */
export function ChangelogTypeBadge({ type, t }: { type: ChangelogType; t: Translate }) {
  return <Tag className={`changelog-badge changelog-badge--${type}`}>{t(`types.${type}`)}</Tag>;
}

/** A deploy date as en-GB's short date (dd/mm/yyyy). */
const shortDate = (date: string) => dateTimeFormat('en-GB', { dateStyle: 'short' }).format(new Date(date));

/** Each environment with a tick and the deploy date (en-GB short), or a cross when it is not there. */
export function ChangelogEnvironments({ item, t }: { item: ChangelogItem; t: Translate }) {
  return (
    <ul className="changelog-environments">
      {ENVIRONMENTS.map((environment) => {
        const date = item[environmentDate(environment)];
        const name = t(`environments.${environment}`);
        return (
          <li key={environment}>
            {date ? (
              <span className="changelog-environments__on">
                <Glyph icon={CheckOutlined} /> {name} {shortDate(date)}
              </span>
            ) : (
              <span className="changelog-environments__off">
                <Glyph icon={CloseOutlined} /> <span className="ui-visually-hidden">{t('notOn')} </span>
                {name}
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
