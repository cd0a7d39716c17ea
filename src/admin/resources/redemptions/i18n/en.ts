/** What the staff's redemption requests say: `resources.redemptions.*`. */
const en = {
  name: 'Redemption |||| Redemptions',
  subtitle:
    'Members spend points on products here. Approving creates a zero-price order that is fulfilled like any other; rejecting returns the points.',
  fields: {
    createdAt: 'Date',
    email: 'Member',
    product: 'Product',
    quantity: 'Quantity',
    pointsUsed: 'Points Used',
    status: 'Status',
    orderId: 'Order',
    productId: 'Product',
    note: 'Note',
  },
  empty: 'No redemptions found',
  load_failed: 'Failed to load redemptions',
  filters: { all_statuses: 'All statuses' },
  status: { PENDING: 'Pending', APPROVED: 'Approved', REJECTED: 'Rejected' },
  actions: 'Actions',
  approve: 'Approve',
  approve_title: 'Approve this redemption',
  approve_confirm:
    'Approve %{quantity} × %{product} for %{email} (%{points} points)? A zero-price order is created and the stock is taken.',
  approved: 'Redemption approved',
  reject: 'Reject',
  reject_title: 'Reject this redemption',
  reject_confirm: 'Reject %{quantity} × %{product} for %{email}? The %{points} points go back to the member.',
  rejected: 'Redemption rejected: the points were returned',
  cancel: 'Cancel',
  decision_failed: 'Failed: %{error}',
};

export default en;
