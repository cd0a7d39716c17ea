/** What the audit trail says (Settings' Audit tab, a record's history): `app.audit.*`. */
const en = {
  title: 'Audit log',
  empty: 'No changes recorded',
  load_failed: 'Failed to load the audit log',
  system: 'System',
  columns: { when: 'When', who: 'Who', action: 'Action', record: 'Record', details: 'Details', address: 'Address' },
  filters: { actor: 'Who (email)', entity: 'Record type', action: 'Action', all: 'All records' },
  entities: {
    user: 'Users',
    product: 'Products',
    order: 'Orders',
    payment: 'Payments',
    coupon: 'Coupons',
    mint_job: 'Mint jobs',
    settings: 'Settings',
    commission: 'Commissions',
    payout: 'Payouts',
    agent_level: 'Agent levels',
    notification: 'Notifications',
    email: 'Emails',
    kyc: 'KYC reviews',
    member: 'Members',
    member_level: 'Membership levels',
    conversion: 'Conversions',
    redemption: 'Redemptions',
    dns_record: 'DNS records',
    webhook: 'Webhook endpoints',
  },
  history: 'History',
};

export default en;
