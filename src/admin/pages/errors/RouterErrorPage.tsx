import { useRouteError } from 'react-router-dom';
import { i18nProvider } from '../../providers/i18nProvider';
import { ErrorView } from './ErrorScreen';

/** The router's error page: rendered outside <Admin>, so it translates through the provider directly. */
export function RouterErrorPage() {
  const error = useRouteError();
  return (
    <ErrorView
      error={error}
      title={i18nProvider.translate('app.error.router')}
      translate={(key) => i18nProvider.translate(key)}
    />
  );
}
