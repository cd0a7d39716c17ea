/** What the user's referral page says: `app.referral_dashboard.*`. */
const en = {
  title: 'My Referrals',
  subtitle:
    'Share your link: you earn a commission on every paid order of the people you bring, and a smaller one on theirs.',
  link: 'Your referral link',
  code: 'Code: %{code}',
  copy: 'Copy',
  copied: 'Copied',
  stats: {
    clicks: 'Total Clicks',
    unique: 'Unique Clicks',
    conversion: 'Conversion Rate',
    commissions: 'Total Commissions',
  },
  pending_notice:
    'You have %{amount} in pending commissions: they can be approved %{days} days after each order was paid.',
  available: 'Available for payout: %{amount} (minimum %{minimum})',
  wallet: 'Payout wallet',
  wallet_help: 'Crypto payouts of your earnings are sent to this EVM address. Leave empty for bank payouts only.',
  wallet_save: 'Save wallet',
  wallet_saved: 'Payout wallet saved',
  request_payout: 'Request payout',
  requested: 'Payout requested: %{amount}',
  request_failed: 'Payout request failed: %{error}',
  history: 'Commission history',
  columns: {
    order: 'Order',
    customer: 'Customer',
    amount: 'Amount',
    commission: 'Commission',
    status: 'Status',
    date: 'Date',
    level: 'Level',
  },
  empty: 'No commissions yet',
  payouts: 'My payouts',
  no_payouts: 'No payouts yet',
  load_failed: 'Failed to load referral data',
  retry: 'Retry',
  status: { pending: 'Pending', approved: 'Approved', paid: 'Paid', rejected: 'Rejected', reversed: 'Reversed' },
};

export default en;
