import { Box, Typography } from '@mui/material';
import BlockIcon from '@mui/icons-material/Block';
import { useTranslate } from 'react-admin';

/** Shown on every route the logged-in role may not open. */
export function NotAllowed() {
  const translate = useTranslate();
  return (
    <Box
      role="alert"
      data-testid="not-allowed"
      sx={{ p: 4, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2 }}
    >
      <BlockIcon color="disabled" sx={{ fontSize: 48 }} />
      <Typography variant="h6" component="p">
        {translate('app.access.not_allowed')}
      </Typography>
    </Box>
  );
}
