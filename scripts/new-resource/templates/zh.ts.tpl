import type en from './en';

/** `resources.{{kebab}}.*` in Chinese: the same keys as en.ts. */
const zh: typeof en = {
  name: '{{zh}}',
  menu: '{{zh}}',
  audit_entities: { {{entity}}: '{{zh}}' },
  notifications: {
    created: '{{zh}}已创建',
    updated: '{{zh}}已更新',
    deleted: '{{zh}}已删除',
  },
  fields: {
    id: 'ID',
    name: '名称',
    price: '价格',
    status: '状态',
    createdAt: '创建时间',
    updatedAt: '更新时间',
  },
  search: '搜索{{zh}}',
  empty: '没有找到{{zh}}',
  load_failed: '加载{{zh}}失败',
  actions: '操作',
  delete_title: '删除{{zh}}',
  delete_confirm: '确定要删除这条{{zh}}吗？',
  filters: { all_statuses: '全部状态' },
  status: { active: '启用', inactive: '停用' },
};

export default zh;
