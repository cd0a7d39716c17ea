import { Card, CardContent, Typography } from '@mui/material';
import ConstructionIcon from '@mui/icons-material/Construction';
import { useTranslate } from 'react-admin';

/** An honest placeholder for a nav item whose feature does not exist yet: no data, simulated or otherwise. */
export default function NotBuilt({ navKey }: { navKey: string }) {
  const translate = useTranslate();
  const name = translate(`app.menu.${navKey}`);
  return (
    <Card sx={{ mt: 2 }} data-testid="not-built">
      <CardContent sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1.5, py: 6, textAlign: 'center' }}>
        <ConstructionIcon color="disabled" sx={{ fontSize: 48 }} />
        <Typography variant="h5" component="h2">
          {name}
        </Typography>
        <Typography>{translate('app.not_built.title')}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 560 }}>
          {translate('app.not_built.detail', { name })}
        </Typography>
      </CardContent>
    </Card>
  );
}
