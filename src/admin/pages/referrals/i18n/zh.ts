import type en from './en';
import dashboard from '../../referral-dashboard/i18n/zh';

const zh: typeof en = {
  title: '推荐管理',
  subtitle: '谁推荐了谁、获得了多少佣金，以及佣金比例',
  cards: { total: '推荐总数', active: '活跃推荐', earnings: '总收益', rates: '一级 / 二级比例' },
  settings: {
    title: '佣金设置',
    show: '展开',
    hide: '收起',
    cost: '近 365 天成本',
    orders: '已支付订单',
    revenue: '收入（扣除退款）',
    commissions: '佣金',
    ratio: '成本占比',
    rate: '%{name} 比例（%）',
    saved: '比例已保存',
    save_failed: '比例未保存：%{error}',
  },
  tabs: { network: '推荐网络', history: '佣金记录' },
  network: { referrer: '推荐人', referred: '被推荐用户', level2: '二级推荐人', earnings: '收益', active: '活跃', date: '推荐时间', yes: '是', no: '否', search: '按邮箱搜索', empty: '暂无推荐',
    phone_referred_by: '推荐人 %{email}', phone_active: '活跃', phone_inactive: '不活跃',
  },
  history: {
    status: '状态', filters: { all: '所有状态' }, statuses: dashboard.status, referrer: '推荐人', order: '订单', customer: '客户', level: '级别', amount: '佣金', date: '日期',
    approve: '批准', reject: '拒绝',
    confirm_approve: '批准所选的 %{smart_count} 笔佣金？',
    confirm_reject: '拒绝所选的 %{smart_count} 笔佣金？被拒绝的佣金不会支付。',
    confirm_reject_one: '拒绝这笔给 %{referrer} 的 %{amount} 佣金？被拒绝的佣金不会支付。',
    reason: '拒绝原因', rejected_because: '已拒绝：%{reason}',
    approved: '佣金已批准', rejected: '佣金已拒绝', failed: '失败：%{error}', empty: '未找到佣金', totals: '%{count} 笔佣金，%{amount}',
    phone_parties: '%{referrer}，来自 %{customer} 的订单', phone_level: '第 %{level} 级',
  },
  load_failed: '加载推荐数据失败',
};

export default zh;
