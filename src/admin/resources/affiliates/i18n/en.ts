/** What the Affiliates screen says: `resources.affiliates.*`. */
const en = {
  name: 'Affiliate |||| Affiliates',
  title: 'Affiliates',
  subtitle: 'Manage affiliate partners and track their commissions',
  refresh: 'Refresh',
  search: 'Search affiliates...',
  columns: {
    name: 'Name',
    email: 'Email',
    joined: 'Joined',
    referred: 'Referred',
    earnings: 'Earnings',
    actions: 'Actions',
  },
  na: 'N/A',
  view: 'View Commissions',
  // on a phone's list line
  phone_referred: '%{count} referred',
  commissions_for: 'Commissions for %{name}',
  commission: {
    id: 'ID',
    order: 'Order ID',
    rate: 'Rate',
    amount: 'Amount',
    crypto: 'Crypto',
    status: 'Status',
    date: 'Date',
  },
  status_filter: 'Status',
  all: 'All statuses',
  empty: 'No affiliates found',
  no_commissions: 'No commissions found for this affiliate',
  load_failed: 'Failed to load affiliates',
  commissions_failed: 'Failed to load commissions',
};

export default en;
