/** The page of a screen a later issue builds: it names the screen and says it is not available yet. */
import { HourglassOutlined } from '@ant-design/icons';
import { Result } from 'antd';
import { useTranslation } from 'react-i18next';

export function ComingSoonPage({ screen }: { screen: string }) {
  const { t } = useTranslation();
  return (
    <section className="page coming-soon">
      <Result
        icon={<HourglassOutlined aria-hidden />}
        title={<h1 className="coming-soon__title">{t(`screens.${screen}`)}</h1>}
        subTitle={t('comingSoon.text')}
      />
    </section>
  );
}
