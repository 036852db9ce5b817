/** The Forbidden (403) page a list shows when the API refuses to list it (spec 2 §2, §8). */
import { Result } from 'antd';
import { useTranslation } from 'react-i18next';

export function ForbiddenPage() {
  const { t } = useTranslation('lists');
  return <Result status="403" title={t('forbidden.title')} subTitle={t('forbidden.text')} />;
}
