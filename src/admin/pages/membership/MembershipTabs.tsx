import SectionTabs from '../../components/SectionTabs';

/**
 * Membership | Redemption requests: the menu has one Membership item (PRODUCT.md, Screens), so the staff's review of
 * redemptions is a second tab of that section (a list of its own at /redemptions); members never see the tab.
 */
export default function MembershipTabs() {
  return (
    <SectionTabs
      resource="redemptions"
      ariaLabel="app.menu.membership"
      main={{ path: '/membership', label: 'app.membership.tabs.membership' }}
      second={{ path: '/redemptions', label: 'app.membership.tabs.requests' }}
    />
  );
}
