import AssessmentIcon from '@mui/icons-material/Assessment';
import Inventory2Icon from '@mui/icons-material/Inventory2';
import PaymentsIcon from '@mui/icons-material/AccountBalanceWallet';
import PeopleIcon from '@mui/icons-material/People';
import SecurityIcon from '@mui/icons-material/Security';
import SettingsIcon from '@mui/icons-material/Settings';
import { Button, Typography } from '@mui/material';
import type { ReactElement } from 'react';
import { CanAccess, Link, useTranslate } from 'react-admin';
import Panel from '../../components/Panel';

const ACTIONS: { key: string; to: string; resource: string; icon: ReactElement }[] = [
  { key: 'manage_products', to: '/products', resource: 'products', icon: <Inventory2Icon /> },
  { key: 'manage_users', to: '/users', resource: 'users', icon: <PeopleIcon /> },
  { key: 'process_payouts', to: '/payouts', resource: 'payouts', icon: <PaymentsIcon /> },
  { key: 'view_reports', to: '/reports', resource: 'reports', icon: <AssessmentIcon /> },
  { key: 'system_settings', to: '/settings', resource: 'settings', icon: <SettingsIcon /> },
  { key: 'security_settings', to: '/settings', resource: 'settings', icon: <SecurityIcon /> },
];

/** Shortcuts to the main screens; a role sees only those it may open. */
export default function QuickActions() {
  const translate = useTranslate();
  return (
    <Panel title="app.dashboard.quick_actions.title">
      <Typography
        component="div"
        sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))', gap: 1 }}
      >
        {ACTIONS.map((action) => (
          <CanAccess key={action.key} resource={action.resource} action="list">
            <Button
              variant="outlined"
              component={Link}
              to={action.to}
              startIcon={action.icon}
              sx={{ justifyContent: 'flex-start', textTransform: 'none' }}
            >
              {translate(`app.dashboard.quick_actions.${action.key}`)}
            </Button>
          </CanAccess>
        ))}
      </Typography>
    </Panel>
  );
}
