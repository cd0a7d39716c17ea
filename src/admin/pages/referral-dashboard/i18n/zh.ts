import type en from './en';

const zh: typeof en = {
  title: '我的推荐',
  subtitle: '分享您的链接：您推荐的人每笔已支付订单您都可获得佣金，他们推荐的人的订单您也可获得较小比例的佣金。',
  link: '您的推荐链接',
  code: '推荐码：%{code}',
  copy: '复制',
  copied: '已复制',
  stats: { clicks: '总点击', unique: '独立点击', conversion: '转化率', commissions: '佣金总额' },
  pending_notice: '您有 %{amount} 的待审核佣金：每笔订单支付 %{days} 天后方可批准。',
  available: '可提现金额：%{amount}（最低 %{minimum}）',
  wallet: '提现钱包',
  wallet_help: '您的收益以加密货币提现时发送到此 EVM 地址。留空则仅通过银行提现。',
  wallet_save: '保存钱包',
  wallet_saved: '提现钱包已保存',
  request_payout: '申请提现',
  requested: '已申请提现：%{amount}',
  request_failed: '提现申请失败：%{error}',
  history: '佣金记录',
  columns: {
    order: '订单',
    customer: '客户',
    amount: '金额',
    commission: '佣金',
    status: '状态',
    date: '日期',
    level: '级别',
  },
  empty: '暂无佣金',
  payouts: '我的提现',
  no_payouts: '暂无提现',
  load_failed: '加载推荐数据失败',
  retry: '重试',
  status: { pending: '待审核', approved: '已批准', paid: '已支付', rejected: '已拒绝', reversed: '已冲回' },
};

export default zh;
