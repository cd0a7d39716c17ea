import { Box, Typography } from '@mui/material';
import { Route, Routes, useLocation } from 'react-router-dom';
import { LanguageToggle } from '../components/LanguageToggle';
import { useI18n } from '../i18n';
import { NotFoundMessage } from '../pages/NotFound';
import CryptoPay from './CryptoPay';
import SandboxPay from './SandboxPay';

/** The hosted payment pages (the sandbox's card page, the crypto page): a provider's page, so none of the shop's navigation, only the language. */
export default function PayApp() {
  const { m } = useI18n();
  const crypto = useLocation().pathname.startsWith('/crypto/');
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: '#eef1f5' }}>
      <Box component="header" sx={{ bgcolor: '#2b3441', color: '#fff' }}>
        <Box
          sx={{
            maxWidth: 960,
            mx: 'auto',
            px: { xs: 2, sm: 3 },
            minHeight: 56,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: 2,
          }}
        >
          <Typography sx={{ fontWeight: 700, letterSpacing: 0.3 }}>
            {crypto ? m.cryptoPay.header : m.pay.secure}
          </Typography>
          <LanguageToggle />
        </Box>
      </Box>
      <Box component="main" id="main" sx={{ maxWidth: 960, mx: 'auto', px: { xs: 2, sm: 3 }, py: { xs: 3, sm: 5 } }}>
        <Routes>
          <Route path="sandbox/:paymentId" element={<SandboxPay />} />
          <Route path="crypto/:paymentId" element={<CryptoPay />} />
          <Route path="*" element={<NotFoundMessage title={m.app.notFoundTitle} text={m.pay.notFound} />} />
        </Routes>
      </Box>
    </Box>
  );
}
