/** What the Settings screen says: `app.settings.*`. */
const en = {
  title: 'Settings',
  subtitle: 'Configure the platform: every change applies at once, without a restart',
  tabs: { settings: 'Settings', audit: 'Audit log', debug: 'Debug', outbox: 'Email outbox' },
  debug: {
    intro:
      "The server's effective configuration (environment variables and their defaults). Secrets are never shown: only whether they are set.",
    key: 'Setting',
    value: 'Value',
    not_set: 'not set',
    redacted: 'redacted',
  },
  sections: {
    general: 'General',
    notifications: 'Notifications',
    security: 'Security',
    commerce: 'Shop and checkout',
    referrals: 'Referrals and payouts',
    membership: 'Membership points',
    approvals: 'Dual control',
  },
  fields: {
    siteName: 'Site name',
    siteUrl: 'Site URL',
    timezone: 'Timezone',
    language: 'Default language',
    currency: 'Default currency',
    notifications: 'Enable notifications',
    emailNotifications: 'Email notifications',
    smsNotifications: 'SMS notifications',
    twoFactorAuth: 'Require 2FA for all users',
    sessionTimeout: 'Session timeout (minutes)',
    sessionMaxHours: 'Session lifetime (hours)',
    maxLoginAttempts: 'Max login attempts',
    taxRatePercent: 'Tax rate (%)',
    shippingFee: 'Shipping fee',
    freeShippingOver: 'Free shipping from (subtotal)',
    checkoutTtlMinutes: 'Unpaid checkout expires after (minutes)',
    couponHoldMinutes: 'Unpaid checkout holds a coupon use for (minutes)',
    kycRequiredAbove: 'KYC required for token purchases above',
    commissionHoldDays: 'Commission hold (days)',
    minimumPayout: 'Minimum payout',
    payoutTokenRate: 'Payout token rate (tokens per 1.00)',
    payoutDualControlAbove: 'Payouts need a second approver above',
    manualMintDualControlAbove: 'Manual mints need a second approver above (units)',
    pointsPerCurrencyUnit: 'Points earned per 1.00 spent',
    redemptionPointsPerCurrencyUnit: 'Points to redeem 1.00 of a product’s price',
    pointsPerToken: 'Points per loyalty token',
    loyaltyTokenId: 'Loyalty token id (ERC-1155)',
  },
  help: {
    siteUrl:
      'Used in links the server builds, such as referral links. Leave empty to use the address the app is opened at.',
    freeShippingOver: 'Leave empty: shipping is never free.',
    kycRequiredAbove:
      'A buyer must have a verified identity to buy tokens for a total above this amount. Leave empty: never required.',
    couponHoldMinutes:
      "After this time an unpaid checkout no longer counts toward a coupon's use limit, and a customer holds one use of a coupon at a time.",
    commissionHoldDays:
      'A commission can be approved only this many days after its order was paid, so refunds come first.',
    minimumPayout: 'A referrer may request a payout once their approved earnings reach this amount.',
    payoutTokenRate:
      'Native tokens “Pay on chain” sends for 1.00 of a payout. Leave empty to turn on-chain payouts off.',
    payoutDualControlAbove:
      'A payout above this amount must be approved by a second member of finance or an admin (neither its creator nor its recipient) before it is completed or paid on chain. 0: every payout.',
    manualMintDualControlAbove:
      'A Mint Token of more units than this waits until a second member of staff approves it, and only then is queued. One to the wallet on its asker’s own account always waits, whatever its amount.',
    maxLoginAttempts:
      "Failed logins in a row from one address before that address is locked out of the account for 15 minutes; failures from many addresses slow the account's logins instead.",
    sessionMaxHours: 'A session ends this long after its login, however active it is.',
    pointsPerCurrencyUnit:
      'A paid order earns this many points for each 1.00 of its subtotal after discount, rounded down. 0 turns earning off.',
    pointsPerToken: 'A member converting points receives one loyalty token for this many points.',
    loyaltyTokenId:
      'The token id the loyalty token is minted under on the platform’s contract; keep it apart from the products’ token ids.',
  },
  languages: { en: 'English', zh: '中文' },
  save: 'Save Settings',
  saving: 'Saving...',
  reset: 'Reset to Default',
  reset_confirm_title: 'Reset settings',
  reset_confirm: 'Are you sure you want to reset all settings to default?',
  saved: 'Settings saved successfully',
  reset_done: 'Settings reset to default',
  save_failed: 'Save failed: %{error}',
  reset_failed: 'Reset failed: %{error}',
  load_failed: 'Failed to load settings',
  retry: 'Retry',
};

export default en;
