/** English or Dutch (spec 1 §2.3); the choice is kept in localStorage and re-renders every text at once. */
import GlobalOutlined from '@ant-design/icons-svg/es/asn/GlobalOutlined';
import { Glyph } from '@/ui/Glyph';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@shared/languages';
import { toLanguage } from '@/providers/i18n';
import { Select } from '@/ui/Select';

export function LanguageSwitcher({ compact = false }: { compact?: boolean }) {
  const { t, i18n } = useTranslation();
  return (
    <Select
      className="language-switcher"
      size={compact ? 'small' : 'middle'}
      variant={compact ? 'borderless' : 'outlined'}
      prefix={<Glyph icon={GlobalOutlined} />}
      aria-label={t('language.label')}
      value={toLanguage(i18n.resolvedLanguage)}
      onChange={(language) => {
        if (language) void i18n.changeLanguage(language);
      }}
      options={LANGUAGES.map((language) => ({ value: language, label: t(`language.${language}`) }))}
    />
  );
}
