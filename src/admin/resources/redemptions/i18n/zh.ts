import type en from './en';

const zh: typeof en = {
  name: '兑换 |||| 兑换',
  subtitle: '会员在这里用积分兑换商品。批准后会生成一笔零价订单，像其他订单一样履约；拒绝则退还积分。',
  fields: {
    createdAt: '日期',
    email: '会员',
    product: '商品',
    quantity: '数量',
    pointsUsed: '所用积分',
    status: '状态',
    orderId: '订单',
    productId: '商品',
    note: '备注',
  },
  empty: '没有找到兑换记录',
  load_failed: '加载兑换记录失败',
  filters: { all_statuses: '全部状态' },
  status: { PENDING: '待处理', APPROVED: '已批准', REJECTED: '已拒绝' },
  actions: '操作',
  approve: '批准',
  approve_title: '批准此兑换',
  approve_confirm: '为 %{email} 批准 %{quantity} × %{product}（%{points} 积分）？将生成一笔零价订单并扣减库存。',
  approved: '兑换已批准',
  reject: '拒绝',
  reject_title: '拒绝此兑换',
  reject_confirm: '拒绝 %{email} 的 %{quantity} × %{product}？%{points} 积分将退还给会员。',
  rejected: '兑换已拒绝：积分已退还',
  cancel: '取消',
  decision_failed: '操作失败：%{error}',
};

export default zh;
