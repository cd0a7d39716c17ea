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
  // an affiliate's own page
  detail: {
    summary: 'Summary',
    code: 'Referral code',
    clicks: 'Total clicks',
    unique_clicks: 'Unique clicks',
    conversion: 'Conversion rate',
    pending: 'Pending commissions',
    approved: 'Approved commissions',
    paid: 'Paid commissions',
    referred: 'Referred users (newest 50)',
    none_referred: 'Nobody referred yet',
    referred_columns: { email: 'Email', name: 'Name', referred_at: 'Referred', active: 'Bought' },
    active: 'Has a paid order',
    not_active: 'No paid order yet',
  },
};

export default en;
