import { ERROR_MESSAGES_ZH } from '../../common/errors-catalogue.zh';
import { NOTICE_MESSAGES_ZH } from '../../common/notices-catalogue.zh';
import type en from './en';
import paymentSdk from '../pages/payment-sdk/i18n/zh';
import domainPage from '../pages/domain-management/i18n/zh';
import settingsPage from '../pages/settings/i18n/zh';
import notificationsPage from '../pages/notifications/i18n/zh';
import accountPages from '../pages/account/i18n/zh';
import referralDashboard from '../pages/referral-dashboard/i18n/zh';
import referralsPage from '../pages/referrals/i18n/zh';
import reportsPage from '../pages/reports/i18n/zh';
import systemPage from '../pages/system/i18n/zh';
import auditTrail from '../components/i18n/audit.zh';
import { auditEntityNames, menuLabels, resourceCatalogues, type Catalogue } from './resources';
import membershipPage from '../pages/membership/i18n/zh';
import raZh from './ra-zh';

/** Each resource folder's own catalogue, with its menu label and audit record names. */
const resources = resourceCatalogues(
  import.meta.glob<{ default: Catalogue }>('../resources/*/i18n/zh.ts', { eager: true }),
);

/** The Chinese catalogue: the same keys as en.ts, each resource's text from its folder's i18n/zh.ts. */
const zh: typeof en = {
  ra: raZh as typeof en.ra,
  resources,
  errors: ERROR_MESSAGES_ZH,
  notices: NOTICE_MESSAGES_ZH,
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
      title: '仪表盘',
      subtitle: '高效管理您的 RWA 平台',
      stats: {
        total_orders: '订单总数',
        total_revenue: '总收入',
        total_users: '用户总数',
        total_products: '商品总数',
        pending_orders: '待处理订单',
        completed_orders: '已完成订单',
        active_users: '活跃用户',
        system_uptime: '系统运行时间',
      },
      revenue_by_month: '月度收入',
      revenue: '收入',
      no_revenue: '近 12 个月没有已支付的订单',
      recent_orders: '最近订单',
      view_all_orders: '查看全部订单',
      system_alerts: '系统提醒',
      alerts: {
        stats_failed: '加载仪表盘统计数据失败',
        recent_orders_failed: '加载最近订单失败',
        data_failed: '加载仪表盘数据失败',
        normal: '系统运行正常',
        just_now: '刚刚',
        low_stock: '%{smart_count} 个在售商品库存不足（少于 %{threshold} 件）',
        stale_pending_orders: '%{smart_count} 个订单待处理已超过一天',
        failed_orders_today: '过去 24 小时内有 %{smart_count} 个订单失败',
        view: '查看',
        failed_mints: '%{smart_count} 个铸造任务失败，请在铸造队列中重试',
      },
      quick_actions: {
        title: '快捷操作',
        manage_products: '管理商品',
        manage_users: '管理用户',
        process_payouts: '处理付款',
        view_reports: '查看报表',
        system_settings: '系统设置',
        security_settings: '安全设置',
      },
    },
    revenue_parts: '收款总额 %{gross} − 退款 %{refunds}',
    // shell (layout, lists, login, access, fallback screens)
    list: {
      load_more: '加载更多',
      from: '开始日期',
      to: '结束日期',
      shown: '已显示 %{shown} / %{total}',
      export: '导出',
      exporting: '正在导出… %{rows} 行，%{mb} MB',
      export_cancel: '取消导出',
      export_failed: '导出失败',
      export_failed_because: '导出失败：%{error}',
      separator: ' · ',
      figures: '关键数据',
    },
    edit: {
      changed_meanwhile:
        '在您打开此记录后，其他人修改了它。保存将覆盖他们的修改：请重新加载最新版本以查看（您在此输入的内容将被丢弃）。',
      reload_latest: '重新加载最新版本',
    },
    bulk: {
      confirm_content: '每一项都会单独检查：无法更改的项目会在之后列出并说明原因。',
      outcome: '已完成：%{done}。被拒绝：%{refused}。',
      refused_title: '未完成（%{count}）',
      failed: '操作失败：%{error}',
      select_item: '选择 %{name}',
    },
    menu: {
      ...menuLabels(resources),
      dashboard: '仪表盘',
      products: '商品',
      orders: '订单',
      payments: '支付',
      payouts: '付款',
      referrals: '推荐',
      affiliates: '联盟',
      coupons: '优惠券',
      mint_queue: '铸造队列',
      users: '用户',
      membership: '会员',
      domain_management: '域名管理',
      payment_sdk: '支付 SDK',
      settings: '设置',
      reports: '报表',
      system: '系统',
      referral_dashboard: '我的推荐',
    },
    layout: {
      default_site_name: 'RWA 管理后台',
      not_logged_in: '尚未登录，请登录以使用全部功能。',
      language: '语言',
    },
    login: {
      title: '管理员登录',
      subtitle: '请输入您的登录凭据',
      email: '邮箱',
      password: '密码',
      submit: '登录',
      submitting: '登录中...',
      code_step: '请输入验证器应用中的 6 位验证码，或一个恢复码。',
      code: '验证码',
      verify: '验证',
      verifying: '验证中...',
      start_over: '使用其他账户',
      errors: {
        failed: '登录失败',
        missing_token: '登录响应中缺少令牌',
        retry: '登录失败，请重试',
      },
    },
    access: {
      not_allowed: '您无权查看此页面。',
    },
    error: {
      title: '出错了',
      unexpected: '发生了意外错误',
      reload: '重新加载页面',
      router: '应用程序发生意外错误！',
      failed_to_start: '应用程序启动失败：%{message}',
    },
    // end shell
  },
};

export default zh;
