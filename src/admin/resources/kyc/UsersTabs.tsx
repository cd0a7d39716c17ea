import SectionTabs from '../../components/SectionTabs';

/**
 * Users | KYC review: the menu has no KYC item (PRODUCT.md, Screens), so the review queue is a tab of the Users section for the
 * roles that review identities (admins and operators); finance reads users but never sees the tab or the documents.
 */
export default function UsersTabs() {
  return (
    <SectionTabs
      resource="kyc"
      ariaLabel="resources.kyc.title"
      sx={{ mt: 1 }}
      main={{ path: '/users', label: 'resources.kyc.tabs.users' }}
      second={{ path: '/kyc', label: 'resources.kyc.tabs.kyc' }}
    />
  );
}
