import { Suspense, useEffect } from 'react';
import { Box, Typography } from '@mui/material';
import { NavLink, Outlet, Link as RouterLink, useLocation } from 'react-router-dom';
import { itemCount, useCart } from './cart';
import { ErrorBoundary } from './components/ErrorBoundary';
import { LanguageToggle } from './components/LanguageToggle';
import { ThemeToggle } from './components/ThemeToggle';
import { buttonSx } from './components/plain';
import { Loading } from './components/Status';
import { fill, useI18n } from './i18n';
import { useSettings, useSiteName } from './settings';

/** The page's width: plain boxes rather than MUI's Container, AppBar and ToggleButton (the first page stays light). */
const WIDTH = { maxWidth: 1200, mx: 'auto', px: { xs: 2, sm: 3 } } as const;

const NAV = [
  { to: '/', key: 'home', end: true },
  { to: '/products', key: 'products', end: false },
  { to: '/account', key: 'account', end: false },
] as const;

/** A cart drawn inline (no icon package on the first page), with the number of items on it. */
function CartLink() {
  const { m } = useI18n();
  const count = itemCount(useCart());
  return (
    <Box
      component={NavLink}
      to="/cart"
      aria-label={fill(m.nav.cartCount, { count })}
      sx={[
        buttonSx('text', 'inherit'),
        {
          position: 'relative',
          ml: 'auto',
          px: 1.25,
          borderRadius: 0,
          '&.active': { boxShadow: 'inset 0 -2px 0 currentColor' },
        },
      ]}
    >
      <Box component="svg" viewBox="0 0 24 24" aria-hidden sx={{ width: 24, height: 24, fill: 'currentColor' }}>
        <path d="M7 18c-1.1 0-1.99.9-1.99 2S5.9 22 7 22s2-.9 2-2-.9-2-2-2M1 2v2h2l3.6 7.59-1.35 2.45c-.16.28-.25.61-.25.96 0 1.1.9 2 2 2h12v-2H7.42c-.14 0-.25-.11-.25-.25l.03-.12.9-1.63h7.45c.75 0 1.41-.41 1.75-1.03l3.58-6.49A1.003 1.003 0 0 0 20 4H5.21l-.94-2zm16 16c-1.1 0-1.99.9-1.99 2s.89 2 1.99 2 2-.9 2-2-.9-2-2-2" />
      </Box>
      <Box component="span" sx={{ display: { xs: 'none', md: 'inline' } }}>
        {m.nav.cart}
      </Box>
      {count > 0 && (
        <Box
          component="span"
          data-testid="cart-count"
          sx={{
            position: 'absolute',
            top: 0,
            left: 22,
            minWidth: 18,
            height: 18,
            px: 0.5,
            borderRadius: 9,
            bgcolor: 'secondary.main',
            color: '#fff',
            fontSize: 11,
            fontWeight: 700,
            lineHeight: '18px',
            textAlign: 'center',
          }}
        >
          {count > 99 ? '99+' : count}
        </Box>
      )}
    </Box>
  );
}

/** The top bar (site name, Home / Products / Account, the cart, EN/中文) over the current screen. */
export default function Layout() {
  const { m, suggestLang } = useI18n();
  const settings = useSettings();
  const siteName = useSiteName(m.app.defaultSiteName);
  const { pathname } = useLocation();
  // Until the visitor picks a language, the site's configured one applies.
  useEffect(() => suggestLang(settings.settings?.language), [settings.settings?.language, suggestLang]);

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <Box
        component="a"
        href="#main"
        sx={{
          position: 'absolute',
          left: -9999,
          '&:focus': { left: 8, top: 8, zIndex: 2000, bgcolor: 'background.paper', p: 1, borderRadius: 1 },
        }}
      >
        {m.app.skipToContent}
      </Box>
      <Box
        component="header"
        sx={(theme) => ({
          position: 'sticky',
          top: 0,
          zIndex: 1100,
          // On the dark page the bar stays a deep navy, so its white text and the EN/中文 borders keep their contrast.
          bgcolor: theme.palette.mode === 'dark' ? '#0f2438' : theme.palette.primary.main,
          color: theme.palette.mode === 'dark' ? '#e8eef5' : theme.palette.primary.contrastText,
          borderBottom: theme.palette.mode === 'dark' ? `1px solid ${theme.palette.divider}` : 'none',
        })}
      >
        <Box
          sx={{
            ...WIDTH,
            minHeight: 64,
            display: 'flex',
            alignItems: 'center',
            gap: { xs: 1, sm: 2 },
            flexWrap: 'wrap',
            py: { xs: 1, sm: 0 },
          }}
        >
          <Typography
            variant="h6"
            component={RouterLink}
            to="/"
            noWrap
            sx={{
              color: 'inherit',
              textDecoration: 'none',
              fontWeight: 700,
              mr: { sm: 2 },
              minWidth: 120,
              maxWidth: { sm: 360 },
              flex: { xs: '1 1 0', sm: '0 1 auto' },
            }}
          >
            {siteName || '\u00a0'}
          </Typography>
          {/* On a phone: the name and EN/中文 on the first row, the links under them. */}
          <Box
            component="nav"
            aria-label={m.nav.label}
            sx={{
              display: 'flex',
              gap: 0.5,
              flexGrow: 1,
              order: { xs: 2, sm: 0 },
              flexBasis: { xs: '100%', sm: 'auto' },
            }}
          >
            {NAV.map(({ to, key, end }) => (
              <Box
                key={key}
                component={NavLink}
                to={to}
                end={end}
                sx={[
                  buttonSx('text', 'inherit'),
                  {
                    px: { xs: 1.25, sm: 2 },
                    opacity: 0.85,
                    borderRadius: 0,
                    '&.active': { opacity: 1, boxShadow: 'inset 0 -2px 0 currentColor' },
                  },
                ]}
              >
                {m.nav[key]}
              </Box>
            ))}
            <CartLink />
          </Box>
          <ThemeToggle />
          <LanguageToggle />
        </Box>
      </Box>
      <Box
        component="main"
        id="main"
        tabIndex={-1}
        sx={{ ...WIDTH, width: '100%', py: { xs: 3, sm: 4 }, flexGrow: 1, outline: 'none' }}
      >
        <ErrorBoundary key={pathname}>
          <Suspense fallback={<Loading label={m.app.loading} />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </Box>
    </Box>
  );
}
