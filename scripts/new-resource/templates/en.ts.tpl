/** What the {{oneLabel}} screens say: `resources.{{kebab}}.*` (`fields` label the columns and inputs). */
const en = {
  name: '{{OneLabelCap}} |||| {{Label}}',
  menu: '{{Label}}',
  audit_entities: { {{entity}}: '{{Label}}' },
  notifications: {
    created: '{{OneLabelCap}} created',
    updated: '{{OneLabelCap}} updated',
    deleted: '{{OneLabelCap}} deleted',
  },
  fields: {
    id: 'ID',
    name: 'Name',
    price: 'Price',
    status: 'Status',
    createdAt: 'Created',
    updatedAt: 'Updated',
  },
  search: 'Search {{label}}',
  empty: 'No {{label}} found',
  load_failed: 'Failed to load {{label}}',
  actions: 'Actions',
  delete_title: 'Delete {{oneLabel}}',
  delete_confirm: 'Are you sure you want to delete this {{oneLabel}}?',
  filters: { all_statuses: 'All statuses' },
  status: { active: 'Active', inactive: 'Inactive' },
};

export default en;
