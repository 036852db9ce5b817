import { useTranslation } from 'react-i18next';
import { Tag } from '@/ui/Tag';
import type { ChangelogType } from './types';

/** Added green, fixed orange, updated grey (spec 1 §2.4), in shades with AA text contrast (dashboard.css). */
export function ChangelogTypeTag({ type }: { type: ChangelogType }) {
  const { t } = useTranslation('dashboard');
  return <Tag className={`changelog-type changelog-type-${type}`}>{t(`updates.types.${type}`)}</Tag>;
}
