import { lazy, useEffect, type ReactNode } from 'react';
import { AdminContext, AdminUI, CustomRoutes, localStorageStore, usePermissions } from 'react-admin';
import { Navigate, Route } from 'react-router-dom';
import { getToken } from '../lib/api';
import { can } from '../common/capabilities';
import { authProvider } from './providers/authProvider';
import { dataProvider } from './providers/dataProvider';
import { i18nProvider } from './providers/i18nProvider';
import { createQueryClient } from './providers/queryClient';
import { ApiFailureRedirects } from './providers/ApiFailureRedirects';
import { darkTheme, lightTheme } from './theme';
import { Layout } from './layout/Layout';
import { LoginPage } from './pages/login/LoginPage';
import { NotAllowed } from './pages/access/NotAllowed';
import { Guarded } from './pages/access/Guarded';
import { ErrorScreen } from './pages/errors/ErrorScreen';
import { preloadScreens, resource, type LazyResource } from './lazyResource';

/** The layout only renders once past the login page: fetch the resource screens then, in the background. */
function AppLayout({ children }: { children: ReactNode }) {
  useEffect(() => {
    if (getToken()) preloadScreens().catch(() => undefined);
  }, []);
  return <Layout>{children}</Layout>;
}

/** Every resources/<name>/index.ts, found by the bundler: each folder is one resource, named as in src/common/resources.ts. */
const RESOURCE_FOLDERS = Object.values(
  import.meta.glob<{ default: LazyResource }>('./resources/*/index.ts', { eager: true }),
).map((m) => m.default);

const Dashboard = lazy(() => import('./pages/dashboard/Dashboard'));
const PaymentSdk = lazy(() => import('./pages/payment-sdk/PaymentSdk'));
const DomainManagement = lazy(() => import('./pages/domain-management/DomainManagement'));
const SettingsPage = lazy(() => import('./pages/settings/SettingsPage'));
const NotificationsPage = lazy(() => import('./pages/notifications/NotificationsPage'));
const ReferralDashboard = lazy(() => import('./pages/referral-dashboard/ReferralDashboard'));
const ReferralsPage = lazy(() => import('./pages/referrals/ReferralsPage'));
const TwoFactorPage = lazy(() => import('./pages/account/TwoFactorPage'));
const ChangePasswordPage = lazy(() => import('./pages/account/ChangePasswordPage'));
const SetPasswordPage = lazy(() => import('./pages/account/SetPasswordPage'));
const ReportsPage = lazy(() => import('./pages/reports/ReportsPage'));
const MembershipPage = lazy(() => import('./pages/membership/MembershipPage'));
const SystemPage = lazy(() => import('./pages/system/SystemPage'));

/** "/": staff land on the dashboard, shoppers on their referral page (logged-out users never get here). */
function Home() {
  const { permissions: role, isPending } = usePermissions<string | undefined>();
  if (isPending) return null;
  return <Navigate to={can(role, 'backoffice.read') || !role ? '/dashboard' : '/referral-dashboard'} replace />;
}

/** Unknown paths: /login when logged out, the dashboard otherwise. */
function CatchAll() {
  return <Navigate to={getToken() ? '/dashboard' : '/login'} replace />;
}

const queryClient = createQueryClient();
/** What <Admin> keeps by default (the theme, list filters): kept across visits, as the login page reads the theme. */
const store = localStorageStore();

/** react-admin's <Admin> in its two halves, so that the failures of the screens' own calls meet its auth handling. */
export default function App() {
  return (
    <AdminContext
      theme={lightTheme}
      darkTheme={darkTheme}
      authProvider={authProvider}
      dataProvider={dataProvider}
      i18nProvider={i18nProvider}
      queryClient={queryClient}
      store={store}
    >
      <ApiFailureRedirects />
      <AdminUI
        disableTelemetry
        title="RWA Admin"
        layout={AppLayout}
        loginPage={LoginPage}
        dashboard={Home}
        catchAll={CatchAll}
        accessDenied={NotAllowed}
        error={ErrorScreen}
      >
        {RESOURCE_FOLDERS.map(resource)}
        {/* Outside the layout: a session that must enrol in 2FA or change its password may use only these; /set-password needs no login. */}
        <CustomRoutes noLayout>
          <Route path="/set-password" element={<SetPasswordPage />} />
          <Route path="/two-factor" element={<TwoFactorPage />} />
          <Route path="/change-password" element={<ChangePasswordPage />} />
        </CustomRoutes>
        <CustomRoutes>
          <Route
            path="/dashboard"
            element={
              <Guarded resource="dashboard">
                <Dashboard />
              </Guarded>
            }
          />
          <Route
            path="/referrals/*"
            element={
              <Guarded resource="referrals">
                <ReferralsPage />
              </Guarded>
            }
          />
          <Route
            path="/referral-dashboard"
            element={
              <Guarded resource="referral-dashboard">
                <ReferralDashboard />
              </Guarded>
            }
          />
          <Route
            path="/settings/*"
            element={
              <Guarded resource="settings">
                <SettingsPage />
              </Guarded>
            }
          />
          <Route
            path="/notifications/*"
            element={
              <Guarded resource="inbox">
                <NotificationsPage />
              </Guarded>
            }
          />
          <Route
            path="/domain-management/*"
            element={
              <Guarded resource="domain-management">
                <DomainManagement />
              </Guarded>
            }
          />
          <Route
            path="/reports"
            element={
              <Guarded resource="reports">
                <ReportsPage />
              </Guarded>
            }
          />
          <Route
            path="/system"
            element={
              <Guarded resource="system">
                <SystemPage />
              </Guarded>
            }
          />
          <Route
            path="/payment-sdk"
            element={
              <Guarded resource="payment-sdk">
                <PaymentSdk />
              </Guarded>
            }
          />
          <Route
            path="/membership/*"
            element={
              <Guarded resource="membership">
                <MembershipPage />
              </Guarded>
            }
          />
        </CustomRoutes>
      </AdminUI>
    </AdminContext>
  );
}
