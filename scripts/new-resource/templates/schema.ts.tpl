
/** {{Label}} (server/modules/{{kebab}}): the price in cents. */
export const {{camel}} = pgTable(
  '{{table}}',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    priceCents: cents('price_cents').notNull(),
    status: text('status').notNull().default('active'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // One index per sortable column, with the id that breaks ties (the list orders by both).
  (t) => [
    index('{{table}}_status_idx').on(t.status, t.createdAt),
    index('{{table}}_created_idx').on(t.createdAt, t.id),
    index('{{table}}_name_idx').on(t.name, t.id),
    index('{{table}}_price_idx').on(t.priceCents, t.id),
  ],
);
