/** The page of a screen a later issue builds: it names the screen and says it is not available yet. */
import HourglassOutlined from '@ant-design/icons-svg/es/asn/HourglassOutlined';
import { Glyph } from '@/ui/Glyph';
import { useTranslation } from 'react-i18next';
import './coming-soon.css';

export function ComingSoonPage({ screen }: { screen: string }) {
  const { t } = useTranslation();
  return (
    <section className="page coming-soon" aria-labelledby="coming-soon-title">
      <span className="coming-soon__icon">
        <Glyph icon={HourglassOutlined} />
      </span>
      <h1 id="coming-soon-title" className="coming-soon__title">
        {t(`screens.${screen}`)}
      </h1>
      <p className="coming-soon__text">{t('comingSoon.text')}</p>
    </section>
  );
}
