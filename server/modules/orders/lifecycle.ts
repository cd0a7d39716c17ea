/** Order lifecycle (DESIGN.md, Lifecycles): the one table of legal moves. */
export const ORDER_STATUSES = ['pending', 'paid', 'failed', 'refunded', 'fulfilled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

const NEXT: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ['paid', 'failed'],
  paid: ['fulfilled', 'refunded'],
  fulfilled: ['refunded'],
  failed: [],
  refunded: [],
};

export const canMove = (from: string, to: OrderStatus) =>
  (ORDER_STATUSES as readonly string[]).includes(from) && NEXT[from as OrderStatus].includes(to);

export function illegalMoveSentence(from: string, to: OrderStatus) {
  return `An order that is ${from} cannot become ${to}.`;
}
