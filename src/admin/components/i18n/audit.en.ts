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
  // the words of record types without a resource folder of their own: each field an entry carries, each code's name
  records: {
    commission: { fields: { amountCents: 'Amount', reason: 'Reason' } },
    agent_level: { fields: { commissionRate: 'Commission rate' } },
    member: { fields: { amount: 'Points', reason: 'Reason', balanceAfter: 'Balance' } },
    member_level: {
      fields: {
        minPoints: 'Min Points',
        minOrders: 'Min Orders',
        discount: 'Discount',
        freeShipping: 'Free Shipping',
        prioritySupport: 'Priority Support',
        exclusiveProducts: 'Exclusive Products',
      },
    },
    conversion: { fields: { points: 'Points', tokens: 'Tokens', tokenId: 'Token ID', mintJobId: 'Mint job' } },
    dns_record: {
      fields: { domain: 'Domain', type: 'Type', value: 'Value', ttl: 'TTL (seconds)', isActive: 'Active', via: 'Via' },
    },
    notification: {
      fields: { to: 'To', title: 'Title', channels: 'Channels', audience: 'Audience', total: 'Recipients' },
      channels: { in_app: 'In-app', email: 'Email' },
      audience: {
        all: 'Everyone (active users)',
        admin: 'Admins',
        finance: 'Finance',
        operator: 'Operators',
        user: 'Shoppers',
      },
    },
    email: { fields: { to: 'To', subject: 'Subject' } },
  },
};

export default en;
