import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { getToken } from '../lib/api';

const container = document.getElementById('root');

/** Plain DOM on purpose: React or the app bundle may be what failed; the catalogue is used if it loads. */
async function showStartupError(error: unknown) {
  const message = error instanceof Error ? error.message : String(error);
  let text = `Application failed to start: ${message}`;
  try {
    const { i18nProvider } = await import('./providers/i18nProvider');
    text = i18nProvider.translate('app.error.failed_to_start', { message });
  } catch {
    /* keep the English sentence */
  }
  const box = document.createElement('div');
  box.setAttribute('role', 'alert');
  box.style.cssText = 'padding:32px;font-family:sans-serif;color:#b71c1c';
  box.textContent = text;
  (container ?? document.body).replaceChildren(box);
}

/** Before anyone logs in only the login page loads (no react-admin); the app itself after the login, or with a session. */
async function start() {
  if (!container) throw new Error('missing #root element');
  const { applyStoredLocale } = await import('./providers/i18nProvider');
  await applyStoredLocale();
  const root = createRoot(container);
  if (!getToken() && ['/', '/login'].includes(window.location.pathname)) {
    if (window.location.pathname === '/') window.history.replaceState(null, '', '/login');
    const { default: LoginApp } = await import('./pages/login/LoginApp');
    root.render(
      <StrictMode>
        <LoginApp />
      </StrictMode>,
    );
    return;
  }
  const [{ createAppRouter }, { RouterProvider }] = await Promise.all([import('./router'), import('react-router-dom')]);
  root.render(
    <StrictMode>
      <RouterProvider router={createAppRouter()} />
    </StrictMode>,
  );
}

start().catch((error: unknown) => void showStartupError(error));
