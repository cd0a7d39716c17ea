import { Box, Typography } from '@mui/material';
import { AppBar as RaAppBar, Logout, ToggleThemeButton, UserMenu, useTranslate } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { usePublicSettings } from '../hooks/usePublicSettings';
import { LanguageToggle } from './LanguageToggle';
import { titleKeyFor } from './nav';

/** Site name, then the current nav item's label or page title ("Dashboard" when none matches). */
function AppTitle() {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const settings = usePublicSettings();
  const siteName = settings?.siteName || translate('app.layout.default_site_name');
  const title = translate(titleKeyFor(pathname));
  return (
    <Box sx={{ flex: 1, display: 'flex', alignItems: 'baseline', gap: 2, minWidth: 0 }}>
      <Typography variant="h6" component="h1" noWrap data-testid="page-title">
        {title}
      </Typography>
      <Typography variant="body2" noWrap sx={{ opacity: 0.8, display: { xs: 'none', sm: 'block' } }} data-testid="site-name">
        {siteName}
      </Typography>
    </Box>
  );
}

export function AppBar() {
  return (
    <RaAppBar
      toolbar={
        <>
          <ToggleThemeButton />
          <LanguageToggle />
        </>
      }
      userMenu={
        <UserMenu>
          <Logout />
        </UserMenu>
      }
    >
      <AppTitle />
    </RaAppBar>
  );
}
