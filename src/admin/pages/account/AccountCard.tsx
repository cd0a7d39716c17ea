import type { ReactNode } from 'react';
import { Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import ShieldIcon from '@mui/icons-material/ShieldOutlined';
import { useLogout, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { LanguageToggle } from '../../layout/LanguageToggle';

/**
 * The frame of the account screens. They live outside the layout because a restricted session (a reset password, a
 * 2FA enrolment due) may use nothing else; `restricted` hides the way back to the app; `actions` replaces the bottom
 * row (the set-password page, used logged out).
 */
export function AccountCard({
  title,
  restricted,
  children,
  actions,
}: {
  title: string;
  restricted: boolean;
  children: ReactNode;
  actions?: ReactNode;
}) {
  const translate = useTranslate();
  const logout = useLogout();
  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        bgcolor: 'grey.100',
        p: 2,
      }}
    >
      <Box sx={{ position: 'absolute', top: 16, right: 16 }}>
        <LanguageToggle color="default" />
      </Box>
      <Card sx={{ width: '100%', maxWidth: 480 }}>
        <CardContent sx={{ p: 4 }}>
          <Stack alignItems="center" sx={{ mb: 2 }}>
            <ShieldIcon color="primary" sx={{ fontSize: 40, mb: 1 }} />
            <Typography variant="h5" component="h1">
              {title}
            </Typography>
          </Stack>
          {children}
          <Stack direction="row" justifyContent="space-between" sx={{ mt: 3 }}>
            {actions ?? (
              <>
                {restricted ? (
                  <span />
                ) : (
                  <Button component={Link} to="/">
                    {translate('app.account.back')}
                  </Button>
                )}
                <Button color="inherit" onClick={() => logout()}>
                  {translate('app.account.logout')}
                </Button>
              </>
            )}
          </Stack>
        </CardContent>
      </Card>
    </Box>
  );
}
