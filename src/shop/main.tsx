import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { ErrorBoundary } from './components/ErrorBoundary';
import { I18nProvider, fill, messagesFor, storedLang } from './i18n';
import { PAY_BASENAME, SHOP_BASENAME } from './paths';
import { ShopRoutes } from './routes';
import { captureReferral } from './referral';
import { SessionProvider } from './session';
import { lightTheme } from './theme';
import { ThemeModeProvider } from './themeMode';

/** The hosted payment pages (/pay/…) are built from this bundle but fetched only when one is opened. */
const PayApp = lazy(() => import('./pay/PayApp'));

const container = document.getElementById('root');

/** Plain DOM on purpose: React itself may be what failed. */
function showStartupError(error: unknown) {
  const message = error instanceof Error ? error.message : String(error);
  const box = document.createElement('div');
  box.setAttribute('role', 'alert');
  box.style.cssText = 'padding:32px;font-family:sans-serif;color:#b71c1c';
  box.textContent = fill(messagesFor(storedLang() ?? 'en').app.startupFailed, { message });
  (container ?? document.body).replaceChildren(box);
}

captureReferral(window.location.search);

const onPayPage = window.location.pathname === PAY_BASENAME || window.location.pathname.startsWith(`${PAY_BASENAME}/`);

try {
  if (!container) throw new Error('missing #root element');
  createRoot(container).render(
    <StrictMode>
      <I18nProvider>
        {onPayPage ? (
          <ThemeProvider theme={lightTheme}>
            <CssBaseline />
            <BrowserRouter basename={PAY_BASENAME}>
              <ErrorBoundary>
                <Suspense fallback={null}>
                  <PayApp />
                </Suspense>
              </ErrorBoundary>
            </BrowserRouter>
          </ThemeProvider>
        ) : (
          <ThemeModeProvider>
            <CssBaseline />
            <SessionProvider>
              <BrowserRouter basename={SHOP_BASENAME}>
                <ShopRoutes />
              </BrowserRouter>
            </SessionProvider>
          </ThemeModeProvider>
        )}
      </I18nProvider>
    </StrictMode>,
  );
} catch (error) {
  showStartupError(error);
}
