/**
 * The Forbidden (403) page: a list the API refuses to list (spec 2 §2, §8), a record it refuses to show, or a
 * screen for an action the user may not perform (a create or edit form opened by its URL without the ability).
 * It shows inside the layout, in the panel of the portal's full-screen states (styles.css), with a way back when
 * the screen gives one.
 */
import './page.css';
import StopOutlined from '@ant-design/icons-svg/es/asn/StopOutlined';
import { Glyph } from '@/ui/Glyph';
import { useTranslation } from 'react-i18next';
import { StatePanel, type StatePanelBack } from './StatePanel';

export function ForbiddenPage({
  reason = 'list',
  back,
}: {
  reason?: 'list' | 'record' | 'action';
  back?: StatePanelBack;
}) {
  const { t } = useTranslation('lists');
  const text = { list: 'forbidden.text', record: 'forbidden.record', action: 'forbidden.action' }[reason];
  return (
    <StatePanel
      className="forbidden-page"
      icon={<Glyph icon={StopOutlined} />}
      title={t('forbidden.title')}
      text={t(text)}
      back={back}
    />
  );
}
