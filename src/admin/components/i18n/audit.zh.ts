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
  records: {
    commission: { fields: { amountCents: '金额', reason: '原因' } },
    agent_level: { fields: { commissionRate: '佣金比例' } },
    member: { fields: { amount: '积分', reason: '原因', balanceAfter: '余额' } },
    member_level: {
      fields: {
        minPoints: '最低积分',
        minOrders: '最低订单数',
        discount: '折扣',
        freeShipping: '免运费',
        prioritySupport: '优先客服',
        exclusiveProducts: '专属商品',
      },
    },
    conversion: { fields: { points: '积分', tokens: '代币', tokenId: '代币 ID', mintJobId: '铸造任务' } },
    dns_record: {
      fields: { domain: '域名', type: '类型', value: '值', ttl: 'TTL（秒）', isActive: '启用', via: '途径' },
    },
    notification: {
      fields: { to: '收件人', title: '标题', channels: '渠道', audience: '发送对象', total: '收件人数' },
      channels: { in_app: '站内', email: '邮件' },
      audience: { all: '所有人（活跃用户）', admin: '管理员', finance: '财务', operator: '运营', user: '购物用户' },
    },
    email: { fields: { to: '收件人', subject: '主题' } },
  },
};

export default zh;
