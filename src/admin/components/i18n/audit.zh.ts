import type en from './audit.en';

const zh: typeof en = {
  title: '审计日志',
  empty: '没有记录的更改',
  load_failed: '加载审计日志失败',
  system: '系统',
  columns: { when: '时间', who: '操作人', action: '操作', record: '记录', details: '详情', address: '地址' },
  filters: { actor: '操作人（邮箱）', entity: '记录类型', action: '操作', all: '所有记录' },
  entities: {
    user: '用户',
    product: '商品',
    order: '订单',
    payment: '支付',
    coupon: '优惠券',
    mint_job: '铸造任务',
    settings: '设置',
    commission: '佣金',
    payout: '付款',
    agent_level: '代理等级',
    notification: '通知',
    email: '邮件',
    kyc: '实名认证审核',
    member: '会员',
    member_level: '会员等级',
    conversion: '代币兑换',
    redemption: '兑换申请',
    dns_record: 'DNS 记录',
    webhook: 'Webhook 端点',
  },
  history: '历史',
};

export default zh;
