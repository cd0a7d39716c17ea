import { Tab, Tabs } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link, useLocation } from 'react-router-dom';
import useCan from '../../components/useCan';

/**
 * Users | KYC review: SPEC §2's navigation has no KYC item, so the review queue is a tab of the Users section for the
 * roles that review identities (admins and operators); finance reads users but never sees the tab or the documents.
 */
export default function UsersTabs() {
  const translate = useTranslate();
  const canReview = useCan('kyc', 'list');
  const { pathname } = useLocation();
  if (!canReview) return null;
  const value = pathname.startsWith('/kyc') ? '/kyc' : '/users';
  return (
    <Tabs value={value} sx={{ borderBottom: 1, borderColor: 'divider', mt: 1 }} aria-label={translate('resources.kyc.title')}>
      <Tab value="/users" label={translate('resources.kyc.tabs.users')} component={Link} to="/users" />
      <Tab value="/kyc" label={translate('resources.kyc.tabs.kyc')} component={Link} to="/kyc" />
    </Tabs>
  );
}
