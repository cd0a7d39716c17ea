import type { ReactNode } from 'react';
import { Box, ListItemIcon, ListItemText, MenuItem, Typography } from '@mui/material';
import KeyIcon from '@mui/icons-material/KeyOutlined';
import ShieldIcon from '@mui/icons-material/ShieldOutlined';
import {
  AppBar as RaAppBar,
  Logout,
  ToggleThemeButton,
  UserMenu,
  useGetIdentity,
  useTranslate,
  useUserMenu,
} from 'react-admin';
import { Link } from 'react-router-dom';
import { useLocation } from 'react-router-dom';
import { usePublicSettings } from '../hooks/usePublicSettings';
import { LanguageToggle } from './LanguageToggle';
import { NotificationBell } from './NotificationBell';
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
      {/* One line ending in "…" (the whole title on hover) where there is room; on a phone two smaller lines instead. */}
      <Typography
        variant="h6"
        component="h1"
        data-testid="page-title"
        tabIndex={-1}
        title={title}
        sx={{
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          whiteSpace: { xs: 'normal', sm: 'nowrap' },
          overflowWrap: 'anywhere',
          fontSize: { xs: '1rem', sm: undefined },
          lineHeight: { xs: 1.2, sm: undefined },
        }}
      >
        {title}
      </Typography>
      <Typography
        variant="body2"
        noWrap
        sx={{ opacity: 0.8, display: { xs: 'none', sm: 'block' } }}
        data-testid="site-name"
      >
        {siteName}
      </Typography>
    </Box>
  );
}

/** A user-menu entry to one of the user's own account screens; closes the menu. */
function AccountItem({ to, label, icon }: { to: string; label: string; icon: ReactNode }) {
  const translate = useTranslate();
  const menu = useUserMenu();
  return (
    <MenuItem component={Link} to={to} onClick={() => menu?.onClose()}>
      <ListItemIcon>{icon}</ListItemIcon>
      <ListItemText>{translate(label)}</ListItemText>
    </MenuItem>
  );
}

export function AppBar() {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  // The button shows the user's name: its accessible name must contain what it shows.
  const profile = translate('ra.auth.user_menu');
  return (
    <RaAppBar
      toolbar={
        <Box sx={{ display: 'flex', alignItems: 'center' }}>
          <NotificationBell />
          <ToggleThemeButton />
          <LanguageToggle />
        </Box>
      }
      userMenu={
        <UserMenu label={identity?.fullName ? `${identity.fullName} (${profile})` : profile}>
          <AccountItem to="/two-factor" label="app.account.menu.two_factor" icon={<ShieldIcon fontSize="small" />} />
          <AccountItem to="/change-password" label="app.account.menu.password" icon={<KeyIcon fontSize="small" />} />
          <Logout />
        </UserMenu>
      }
    >
      <AppTitle />
    </RaAppBar>
  );
}
