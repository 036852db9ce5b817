/** The router's error element: shows what routeErrorView chose for the thrown error. */
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { NotFoundScreen } from './NotFoundScreen';
import { routeErrorView } from './route-error';
import { UnexpectedErrorScreen } from './UnexpectedErrorScreen';

export function RouteErrorScreen() {
  const error = useRouteError();
  const { t } = useTranslation();
  const view = routeErrorView(error);
  if (view.kind === 'not-found') return <NotFoundScreen statusText={view.statusText} />;
  if (view.kind === 'text') return <main className="plain-error">{t(view.textKey)}</main>;
  console.error(error);
  return <UnexpectedErrorScreen />;
}
