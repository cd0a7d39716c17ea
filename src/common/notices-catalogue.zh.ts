import type { NoticeCode, NoticeText } from './notices-catalogue.js';

/** The notifications' titles and bodies in Chinese, by message code (see notices-catalogue.ts). */
export const NOTICE_MESSAGES_ZH: Record<NoticeCode, NoticeText> = {
  order_paid: {
    title: '订单 %{order} 已付款',
    body: '我们已收到您为订单 %{orderId} 支付的 %{amount} %{currency}。感谢您的购买。',
  },
  token_minted: {
    title: '您的代币 %{tokenId} 已铸造',
    body: '订单 %{orderId} 的 %{amount} 个代币 %{tokenId} 已在交易 %{txHash} 中转入 %{wallet}。',
  },
  payout_sent_tx: {
    title: '您的提现已发出',
    body: '您的 %{amount} %{currency} 提现已完成（交易 %{txHash}）。',
  },
  payout_sent_bank: {
    title: '您的提现已发出',
    body: '您的 %{amount} %{currency} 提现已完成（银行流水号 %{reference}）。',
  },
  kyc_verified: {
    title: '您的身份已通过验证',
    body: '您的身份审核已通过：需要已验证买家的商品现在可以购买了。',
  },
  kyc_rejected: {
    title: '您的身份审核未通过',
    body: '您的身份审核被拒绝：%{reason}。您可以在账户页面重新提交。',
  },
  redemption_approved: {
    title: '您的兑换已批准',
    body: '您使用 %{points} 积分的兑换已批准，订单 %{order} 正在处理中。',
  },
  redemption_approved_note: {
    title: '您的兑换已批准',
    body: '您使用 %{points} 积分的兑换已批准，订单 %{order} 正在处理中。%{note}',
  },
  redemption_rejected: {
    title: '您的兑换被拒绝',
    body: '您的兑换被拒绝，%{points} 积分已退回您的余额。',
  },
  redemption_rejected_note: {
    title: '您的兑换被拒绝',
    body: '您的兑换被拒绝，%{points} 积分已退回您的余额。原因：%{note}',
  },
  level_up: {
    title: '您已成为%{level}会员',
    body: '您的积分和订单已使您升至%{level}等级，其权益将适用于您的下一次购买。',
  },
  level_changed: {
    title: '您的会员等级现为%{level}',
    body: '会员等级的要求已调整：根据您的积分和订单，您的等级已由%{from}变为%{level}。',
  },
  account_suspended: {
    title: '您在 %{siteName} 的账户已被停用',
    body: '您在 %{siteName} 的账户 %{email} 已被管理员停用，您已被登出。如果您认为这是误操作，请回复此邮件或联系客服。',
  },
  password_invite: {
    title: '设置您在 %{siteName} 的密码',
    body: '管理员已在 %{siteName} 为 %{email} 创建账户。请通过下方链接设置密码：链接仅可使用一次，%{hours} 小时内有效。',
  },
  password_reset: {
    title: '重置您在 %{siteName} 的密码',
    body: '管理员已重置 %{email} 在 %{siteName} 的密码。请通过下方链接设置新密码：链接仅可使用一次，%{hours} 小时内有效。',
  },
  signup_taken: {
    title: '有人尝试用您的邮箱在 %{siteName} 注册',
    body: '有人尝试用 %{email} 在 %{siteName} 创建账户，但该邮箱已有账户：没有任何更改。如果是您本人，请直接登录；如果不是，可以忽略此邮件。',
  },
  signup_confirm: {
    title: '确认您在 %{siteName} 的邮箱',
    body: '有人（很可能是您）用 %{email} 在 %{siteName} 注册。请在 %{hours} 小时内点击下方链接以创建账户并登录。如果不是您本人，请忽略此邮件：不会创建任何账户。',
  },
  welcome: {
    title: '欢迎来到 %{siteName}',
    body: '您好！您在 %{siteName} 的账户已就绪。请访问 %{shopUrl} 浏览商店。您的订单、身份审核、会员积分以及接收代币的钱包都在账户页面：%{accountUrl}。',
  },
  welcome_named: {
    title: '欢迎来到 %{siteName}',
    body: '%{name}，您好！您在 %{siteName} 的账户已就绪。请访问 %{shopUrl} 浏览商店。您的订单、身份审核、会员积分以及接收代币的钱包都在账户页面：%{accountUrl}。',
  },
  payout_awaits_approval: {
    title: '有一笔提现等待您批准',
    body: '%{creator} 创建的一笔提现需要另一人批准。',
  },
  payout_to_approve: {
    title: '有一笔提现等待您批准',
    body: '%{creator} 创建了一笔给 %{recipient} 的 %{amount} %{currency} 提现，支付前需要另一人批准。',
  },
  kyc_to_review: { title: '有待审核的身份验证', body: '有新的身份证件已提交，等待审核。' },
  commissions_to_review: { title: '有待审核的佣金', body: '已过冻结期的佣金正在等待批准。' },
  payout_failed: { title: '一笔提现失败', body: '银行退回了一笔转账，该提现需要重新处理。' },
  weekly_report: { title: '周报已生成', body: '上周的销售和佣金数据已在报表中。' },
  low_stock: { title: '库存不足', body: '有商品的库存已少于 %{count} 件。' },
  webhook_disabled: {
    title: '一个 Webhook 端点已被关闭',
    body: '发往 %{url} 的投递已连续失败 %{failures} 次，该端点已被关闭。请修复接收方，然后在 Webhooks 中重新开启。',
  },
};

/** Membership levels' names in Chinese, for the params that name one. */
export const NOTICE_LEVELS_ZH: Record<string, string> = {
  BRONZE: '青铜',
  SILVER: '白银',
  GOLD: '黄金',
  PLATINUM: '铂金',
  DIAMOND: '钻石',
};
