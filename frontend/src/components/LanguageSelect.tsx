import { Languages } from 'lucide-react';
import { useTranslation } from '../i18n/use-translation';
import {
  browserLanguage,
  isUiLanguage,
  LANGUAGE_NAMES,
  UI_LANGUAGES,
  DEFAULT_LANGUAGE,
} from '../i18n/languages';
import { useLanguageStore } from '../stores/language';
import { controlClassName } from './FormField';

/**
 * 'Language' and a menu of the interface's languages, each named in itself ('English', 'Français'). Choosing
 * one switches the interface at once; signed in, the account keeps it for every device.
 */
export function LanguageSelect({
  id = 'language',
  className = '',
  followBrowser = false,
}: {
  id?: string;
  className?: string;
  /** Also offers the browser's language (the choice of no language in particular), as the settings do. */
  followBrowser?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const choose = useLanguageStore((s) => s.choose);
  const following = useLanguageStore((s) => s.choice === null);
  const shown = isUiLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;

  return (
    <div className={`flex items-center gap-2 ${className}`}>
      <label
        htmlFor={id}
        className="flex items-center gap-1.5 text-sm font-medium text-slate-700 dark:text-slate-300"
      >
        <Languages aria-hidden className="size-4" />
        {t('language.label')}
      </label>
      <select
        id={id}
        value={followBrowser && following ? '' : shown}
        onChange={(event) => {
          const language = event.target.value;
          if (isUiLanguage(language)) void choose(language);
          else if (followBrowser && language === '') void choose(null);
        }}
        className={`${controlClassName(false)} w-auto py-1.5`}
      >
        {followBrowser ? (
          <option value="">{t('language.browser', { language: LANGUAGE_NAMES[browserLanguage()] })}</option>
        ) : null}
        {UI_LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {LANGUAGE_NAMES[language]}
          </option>
        ))}
      </select>
    </div>
  );
}
