import { Tab, Tabs } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link, useLocation } from 'react-router-dom';
import useCan from '../../components/useCan';

/**
 * Membership | Redemption requests: SPEC §2's navigation has one Membership item, so the staff's review of
 * redemptions is a second tab of that section (a list of its own at /redemptions); members never see the tab.
 */
export default function MembershipTabs() {
  const translate = useTranslate();
  const canReview = useCan('redemptions', 'list');
  const { pathname } = useLocation();
  if (!canReview) return null;
  const value = pathname.startsWith('/redemptions') ? '/redemptions' : '/membership';
  return (
    <Tabs value={value} sx={{ borderBottom: 1, borderColor: 'divider' }} aria-label={translate('app.menu.membership')}>
      <Tab value="/membership" label={translate('app.membership.tabs.membership')} component={Link} to="/membership" />
      <Tab value="/redemptions" label={translate('app.membership.tabs.requests')} component={Link} to="/redemptions" />
    </Tabs>
  );
}
