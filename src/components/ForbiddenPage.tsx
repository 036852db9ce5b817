/**
 * The Forbidden (403) page: a list the API refuses to list (spec 2 §2, §8), or a screen for an action the user may
 * not perform (a create or edit form opened by its URL without the ability). It shows inside the layout, in the
 * panel of the portal's full-screen states (styles.css).
 */
import './page.css';
import { StopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

export function ForbiddenPage({ reason = 'list' }: { reason?: 'list' | 'action' }) {
  const { t } = useTranslation('lists');
  return (
    <section className="fullscreen-state__panel forbidden-page" aria-labelledby="forbidden-title">
      <div className="fullscreen-state__icon">
        <StopOutlined aria-hidden />
      </div>
      <h1 id="forbidden-title" className="fullscreen-state__title">
        {t('forbidden.title')}
      </h1>
      <p className="fullscreen-state__text">
        {t(reason === 'action' ? 'forbidden.action' : 'forbidden.text')}
      </p>
    </section>
  );
}
