import type en from './en';

const zh: typeof en = {
  name: '联盟伙伴 |||| 联盟伙伴',
  title: '联盟伙伴',
  subtitle: '管理联盟伙伴并跟踪其佣金',
  refresh: '刷新',
  search: '搜索联盟伙伴...',
  columns: { name: '姓名', email: '邮箱', joined: '加入时间', referred: '推荐人数', earnings: '收益', actions: '操作' },
  na: '无',
  view: '查看佣金',
  phone_referred: '已推荐 %{count} 人',
  commissions_for: '%{name} 的佣金',
  commission: {
    id: 'ID',
    order: '订单 ID',
    rate: '比例',
    amount: '金额',
    crypto: '加密货币',
    status: '状态',
    date: '日期',
  },
  status_filter: '状态',
  all: '所有状态',
  empty: '未找到联盟伙伴',
  no_commissions: '该联盟伙伴暂无佣金',
  load_failed: '加载联盟伙伴失败',
  commissions_failed: '加载佣金失败',
};

export default zh;
