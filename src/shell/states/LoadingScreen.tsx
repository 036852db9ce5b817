/** Spec 1 §2.1 'Loading': a spinner and 'Loading...' (or a given title), in place of the app. */
import { useTranslation } from 'react-i18next';
import { FullScreenState } from '@/ui/FullScreenState';

export function LoadingScreen({ title }: { title?: string }) {
  const { t, ready } = useTranslation();
  // Before the translations arrive there is no text to show yet, only the spinner.
  const text = title ?? (ready ? t('states.loading') : '');
  return <FullScreenState role="status" icon={<span className="spinner" aria-hidden />} title={text} />;
}
