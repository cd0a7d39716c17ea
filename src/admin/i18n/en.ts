import englishMessages from 'ra-language-english';
import { ERROR_MESSAGES, type ErrorCode } from '../../common/errors-catalogue';
import { NOTICE_MESSAGES, type NoticeCode, type NoticeText } from '../../common/notices-catalogue';
import paymentSdk from '../pages/payment-sdk/i18n/en';
import domainPage from '../pages/domain-management/i18n/en';
import settingsPage from '../pages/settings/i18n/en';
import notificationsPage from '../pages/notifications/i18n/en';
import accountPages from '../pages/account/i18n/en';
import referralDashboard from '../pages/referral-dashboard/i18n/en';
import referralsPage from '../pages/referrals/i18n/en';
import reportsPage from '../pages/reports/i18n/en';
import systemPage from '../pages/system/i18n/en';
import auditTrail from '../components/i18n/audit.en';
import { auditEntityNames, menuLabels, resourceCatalogues, type Catalogue } from './resources';
import membershipPage from '../pages/membership/i18n/en';

/** Each resource folder's own catalogue, with its menu label and audit record names. */
const resources = resourceCatalogues(
  import.meta.glob<{ default: Catalogue }>('../resources/*/i18n/en.ts', { eager: true }),
);

/**
 * The English catalogue. react-admin's own `ra.*` messages come from ra-language-english;
 * `resources.<name>.*` holds everything a resource's screens say, from its folder's i18n/en.ts;
 * `app.*` the app-wide words (menu, layout, lists, login, dashboard, access, errors). zh.ts mirrors every key.
 */
const en = {
  ...englishMessages,
  resources,
  // the server's sentences by message code (src/common/errors-catalogue.ts), read by the transport's translator
  errors: ERROR_MESSAGES as Record<ErrorCode, string>,
  // what events tell people, by message code (src/common/notices-catalogue.ts): the bell and notifications page
  notices: NOTICE_MESSAGES as Record<NoticeCode, NoticeText>,
  app: {
    // Payment SDK (pages/payment-sdk)
    payment_sdk: paymentSdk,
    // Domain Management (pages/domain-management)
    domain: domainPage,
    // Settings (pages/settings)
    settings: settingsPage,
    // the bell, the notifications page and the email outbox (pages/notifications)
    notifications: notificationsPage,
    // the user's own 2FA and password (pages/account)
    account: accountPages,
    // the user's referral page (pages/referral-dashboard)
    referral_dashboard: referralDashboard,
    // Referral management (pages/referrals)
    referrals: referralsPage,
    // Membership (pages/membership)
    membership: membershipPage,
    // Reports (pages/reports)
    reports: reportsPage,
    // System (pages/system)
    system: systemPage,
    // the audit trail (components/AuditTrail)
    audit: { ...auditTrail, entities: { ...auditTrail.entities, ...auditEntityNames(resources) } },
    // dashboard (pages/dashboard)
    dashboard: {
      title: 'Dashboard',
      subtitle: 'Manage your RWA platform efficiently',
      stats: {
        total_orders: 'Total Orders',
        total_revenue: 'Total Revenue',
        total_users: 'Total Users',
        total_products: 'Total Products',
        pending_orders: 'Pending orders',
        completed_orders: 'Completed orders',
        active_users: 'Active users',
        system_uptime: 'System uptime',
      },
      revenue_by_month: 'Revenue by month',
      revenue: 'Revenue',
      no_revenue: 'No paid orders in the last 12 months',
      recent_orders: 'Recent Orders',
      view_all_orders: 'View all orders',
      system_alerts: 'System Alerts',
      alerts: {
        stats_failed: 'Failed to load dashboard statistics',
        recent_orders_failed: 'Failed to load recent orders',
        data_failed: 'Failed to load dashboard data',
        normal: 'System running normally',
        just_now: 'Just now',
        low_stock:
          '%{smart_count} active product is low on stock (fewer than %{threshold} left) |||| %{smart_count} active products are low on stock (fewer than %{threshold} left)',
        stale_pending_orders:
          '%{smart_count} order has been pending for more than a day |||| %{smart_count} orders have been pending for more than a day',
        failed_orders_today:
          '%{smart_count} order failed in the last 24 hours |||| %{smart_count} orders failed in the last 24 hours',
        view: 'View',
        failed_mints:
          '%{smart_count} mint job failed and waits for a retry in the Mint Queue |||| %{smart_count} mint jobs failed and wait for a retry in the Mint Queue',
      },
      quick_actions: {
        title: 'Quick Actions',
        manage_products: 'Manage Products',
        manage_users: 'Manage Users',
        process_payouts: 'Process Payouts',
        view_reports: 'View Reports',
        system_settings: 'System Settings',
        security_settings: 'Security Settings',
      },
    },
    // a revenue figure's parts, under it on a card
    revenue_parts: 'Gross %{gross} − refunds %{refunds}',
    // shell (layout, lists, login, access, fallback screens)
    list: {
      load_more: 'Load More',
      from: 'From',
      to: 'To',
      shown: 'Showing %{shown} of %{total}',
      export: 'Export',
      exporting: 'Exporting… %{rows} rows, %{mb} MB',
      export_cancel: 'Cancel export',
      export_failed: 'Export failed',
      export_failed_because: 'Export failed: %{error}',
      // between the parts of a list's line on a phone ("SKU-1 · $10.00")
      separator: ' · ',
      // the name of a row of stat cards, which scrolls sideways on a phone
      figures: 'Key figures',
    },
    // an edit form whose record someone else changed meanwhile (components/ChangedMeanwhile)
    edit: {
      changed_meanwhile:
        'Someone else changed this record after you opened it. Saving would overwrite their changes: reload the latest to see them (what you typed here is dropped).',
      reload_latest: 'Reload latest',
    },
    bulk: {
      confirm_content:
        'Each one is checked on its own: any that cannot be changed are listed afterwards with the reason.',
      outcome: 'Done: %{done}. Refused: %{refused}.',
      refused_title: 'Not done (%{count})',
      failed: 'The action failed: %{error}',
      select_item: 'Select %{name}',
    },
    menu: {
      ...menuLabels(resources),
      dashboard: 'Dashboard',
      products: 'Products',
      orders: 'Orders',
      payments: 'Payments',
      payouts: 'Payouts',
      referrals: 'Referrals',
      affiliates: 'Affiliates',
      coupons: 'Coupons',
      mint_queue: 'Mint Queue',
      users: 'Users',
      membership: 'Membership',
      domain_management: 'Domain Management',
      payment_sdk: 'Payment SDK',
      settings: 'Settings',
      reports: 'Reports',
      system: 'System',
      referral_dashboard: 'My Referrals',
    },
    layout: {
      default_site_name: 'RWA Admin',
      not_logged_in: 'Not logged in, please login to access all features.',
      language: 'Language',
    },
    login: {
      title: 'Admin Login',
      subtitle: 'Please enter your credentials',
      email: 'Email',
      password: 'Password',
      submit: 'Login',
      submitting: 'Logging in...',
      code_step: 'Enter the 6-digit code from your authenticator app, or one of your recovery codes.',
      code: 'Authentication code',
      verify: 'Verify',
      verifying: 'Verifying...',
      start_over: 'Use another account',
      errors: {
        failed: 'Login failed',
        missing_token: 'Login response missing token',
        retry: 'Login failed, please try again',
      },
    },
    access: {
      not_allowed: 'You are not allowed to see this page.',
    },
    error: {
      title: 'Something went wrong',
      unexpected: 'An unexpected error occurred',
      reload: 'Reload Page',
      router: 'Unexpected Application Error!',
      failed_to_start: 'Application failed to start: %{message}',
    },
    // end shell
  },
};

export default en;
