/** The sign-in page's language choice (English or Dutch): a native select, kept like the layout's switcher. */
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@shared/languages';
import { toLanguage } from '@/providers/i18n';
import { GlobeIcon } from '@/ui/icons';

export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  return (
    <span className="language-select">
      <GlobeIcon />
      <select
        aria-label={t('language.label')}
        value={toLanguage(i18n.resolvedLanguage)}
        onChange={(event) => void i18n.changeLanguage(event.target.value)}
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language}>
            {t(`language.${language}`)}
          </option>
        ))}
      </select>
    </span>
  );
}
