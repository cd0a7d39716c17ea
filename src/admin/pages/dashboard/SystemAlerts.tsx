import { Alert, Button, Skeleton, Stack, Typography } from '@mui/material';
import { Link, useTranslate } from 'react-admin';
import Panel from '../../components/Panel';
import type { DashboardAlert } from '../../../common/dashboard';

export type ScreenAlert = { level: DashboardAlert['level']; message: string; detail?: string; to?: string };

const listFiltered = (path: string, filter: Record<string, string>, sort = '') =>
  `${path}?filter=${encodeURIComponent(JSON.stringify(filter))}${sort}`;

/** Where an alert's items can be seen and dealt with. */
const ALERT_LINKS: Record<string, string> = {
  low_stock: listFiltered('/products', { status: 'active' }, '&sort=stock&order=ASC'),
  stale_pending_orders: listFiltered('/orders', { status: 'pending' }, '&sort=createdAt&order=ASC'),
  failed_orders_today: listFiltered('/orders', { status: 'failed' }),
  failed_mints: listFiltered('/mint-queue', { status: 'failed' }),
};

/**
 * The system alerts: load failures of this screen first, then the server's alerts translated
 * by code, else "System running normally".
 */
type Props = { failures: ScreenAlert[]; alerts: DashboardAlert[]; loading: boolean };

export default function SystemAlerts({ failures, alerts, loading }: Props) {
  const translate = useTranslate();
  const fromServer: ScreenAlert[] = alerts.map((a) => ({
    level: a.level,
    message: translate(`app.dashboard.alerts.${a.code}`, {
      _: a.code,
      smart_count: Number(a.params?.count ?? 0),
      ...a.params,
    }),
    to: ALERT_LINKS[a.code],
  }));
  const shown = [...failures, ...fromServer];
  if (shown.length === 0 && !loading) shown.push({ level: 'info', message: translate('app.dashboard.alerts.normal') });
  return (
    <Panel title="app.dashboard.system_alerts">
      <Stack spacing={1}>
        {loading && shown.length === 0 && <Skeleton variant="rounded" height={56} />}
        {shown.map((alert, i) => (
          <Alert
            key={i}
            severity={alert.level}
            action={
              alert.to && (
                <Button component={Link} to={alert.to} color="inherit" size="small">
                  {translate('app.dashboard.alerts.view')}
                </Button>
              )
            }
          >
            <Typography variant="body2">{alert.message}</Typography>
            {alert.detail && (
              <Typography variant="caption" component="div">
                {alert.detail}
              </Typography>
            )}
            <Typography variant="caption" color="text.secondary">
              {translate('app.dashboard.alerts.just_now')}
            </Typography>
          </Alert>
        ))}
      </Stack>
    </Panel>
  );
}
