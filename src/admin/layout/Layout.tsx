import { useEffect, type ReactNode } from 'react';
import { Layout as RaLayout, useCheckAuth } from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';
import { currentRestriction, RESTRICTION_PATHS } from '../providers/authProvider';
import { AppBar } from './AppBar';
import { Menu } from './Menu';
import { NotLoggedInBanner } from './NotLoggedInBanner';
import { FocusHeadingOnNavigate } from './FocusHeadingOnNavigate';
import { ErrorScreen } from '../pages/errors/ErrorScreen';
import { LiveUpdates } from '../providers/LiveUpdates';

/** Re-checks the stored token on every path change; no token sends the user to /login. */
function AuthOnNavigate() {
  const { pathname } = useLocation();
  const checkAuth = useCheckAuth();
  useEffect(() => {
    checkAuth({ route: pathname }).catch(() => undefined);
  }, [pathname, checkAuth]);
  return null;
}

/** A session that must first change its password or enrol in 2FA is taken there from every screen of the layout. */
function RestrictionRedirect() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    let live = true;
    currentRestriction().then(
      (r) => {
        if (live && r) navigate(RESTRICTION_PATHS[r], { replace: true });
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [pathname, navigate]);
  return null;
}

export function Layout({ children }: { children: ReactNode }) {
  return (
    // minWidth 0: a wide table scrolls inside its card instead of widening the whole page past the app bar.
    <RaLayout
      appBar={AppBar}
      menu={Menu}
      error={ErrorScreen}
      sx={{ minWidth: 0, '& .RaLayout-content, & .RaList-main': { minWidth: 0 } }}
    >
      <AuthOnNavigate />
      <RestrictionRedirect />
      <FocusHeadingOnNavigate />
      <NotLoggedInBanner />
      <LiveUpdates />
      {children}
    </RaLayout>
  );
}
