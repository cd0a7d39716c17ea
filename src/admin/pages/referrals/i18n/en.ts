/** What the Referral management screen says: `app.referrals.*`. */
import dashboard from '../../referral-dashboard/i18n/en';

const en = {
  title: 'Referral Management',
  subtitle: 'Who brought whom, what they earned, and the commission rates',
  cards: {
    total: 'Total Referrals',
    active: 'Active Referrals',
    earnings: 'Total Earnings',
    rates: 'Level 1 / Level 2 rate',
  },
  settings: {
    title: 'Commission settings',
    show: 'Show',
    hide: 'Hide',
    cost: 'Cost over the last 365 days',
    orders: 'Paid orders',
    revenue: 'Revenue (net of refunds)',
    commissions: 'Commissions',
    ratio: 'Cost ratio',
    rate: '%{name} rate (%)',
    saved: 'Rate saved',
    save_failed: 'Rate not saved: %{error}',
  },
  tabs: { network: 'Referral network', history: 'Commission history' },
  network: {
    referrer: 'Referrer',
    referred: 'Referred user',
    level2: 'Level 2 referrer',
    earnings: 'Earnings',
    active: 'Active',
    date: 'Referred on',
    yes: 'Yes',
    no: 'No',
    search: 'Search by email',
    empty: 'No referrals yet',
    // a referral's lines on a phone
    phone_referred_by: 'Referred by %{email}',
    phone_active: 'Active',
    phone_inactive: 'Inactive',
  },
  history: {
    status: 'Status',
    filters: { all: 'All statuses' },
    statuses: dashboard.status,
    referrer: 'Referrer',
    order: 'Order',
    customer: 'Customer',
    level: 'Level',
    amount: 'Commission',
    date: 'Date',
    approve: 'Approve',
    reject: 'Reject',
    confirm_approve: 'Approve the selected commission? |||| Approve the %{smart_count} selected commissions?',
    confirm_reject:
      'Reject the selected commission? A rejected commission is never paid. |||| Reject the %{smart_count} selected commissions? A rejected commission is never paid.',
    confirm_reject_one: 'Reject this commission of %{amount} to %{referrer}? A rejected commission is never paid.',
    // when some of the selection would be refused: the number to be done, and each reason's count (`skipped`)
    confirm_approve_some:
      'Approve %{smart_count} commission? %{skipped} and will be skipped. |||| Approve %{smart_count} commissions? %{skipped} and will be skipped.',
    confirm_reject_some:
      'Reject %{smart_count} commission? %{skipped} and will be skipped. A rejected commission is never paid. |||| Reject %{smart_count} commissions? %{skipped} and will be skipped. A rejected commission is never paid.',
    skip_on_hold: '%{smart_count} selected is on hold |||| %{smart_count} selected are on hold',
    skip_not_pending: '%{smart_count} selected is no longer pending |||| %{smart_count} selected are no longer pending',
    none_approvable:
      'The selected commission cannot be approved: %{skipped}. |||| None of the %{smart_count} selected commissions can be approved: %{skipped}.',
    none_rejectable:
      'The selected commission cannot be rejected: %{skipped}. |||| None of the %{smart_count} selected commissions can be rejected: %{skipped}.',
    on_hold_until: 'On hold until',
    held_until: 'On hold until %{date}',
    search: 'Order ID, email or name',
    reason: 'Reason for rejecting',
    rejected_because: 'Rejected: %{reason}',
    approved: 'Commission approved',
    rejected: 'Commission rejected',
    failed: 'Failed: %{error}',
    empty: 'No commissions found',
    totals: '%{count} commissions, %{amount}',
    // a commission's lines on a phone
    phone_parties: '%{referrer}, on an order of %{customer}',
    phone_level: 'Level %{level}',
  },
  load_failed: 'Failed to load referral data',
};

export default en;
