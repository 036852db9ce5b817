/** Spec 1 §2.1 'Loading': a spinner and 'Loading...' (or a given title), in place of the app. */
import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { FullScreenState } from '@/ui/FullScreenState';

export function LoadingScreen({ title }: { title?: string }) {
  const { t, ready } = useTranslation();
  // Before the translations arrive there is no text to show yet, only the spinner.
  const text = title ?? (ready ? t('states.loading') : '');
  return <FullScreenState role="status" icon={<Spin size="large" />} title={text} />;
}
