/**
 * The Forbidden (403) page: a list the API refuses to list (spec 2 §2, §8), or a screen for an action the user may
 * not perform (a create or edit form opened by its URL without the ability).
 */
import { Result } from 'antd';
import { useTranslation } from 'react-i18next';

export function ForbiddenPage({ reason = 'list' }: { reason?: 'list' | 'action' }) {
  const { t } = useTranslation('lists');
  return (
    <Result
      status="403"
      title={t('forbidden.title')}
      subTitle={t(reason === 'action' ? 'forbidden.action' : 'forbidden.text')}
    />
  );
}
