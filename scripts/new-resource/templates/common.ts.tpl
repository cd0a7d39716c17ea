/** {{Label}}: the vocabulary and the API's {{oneLabel}} as both sides see them (request schemas: {{kebab}}.schemas.ts). */
export const {{CONST}}_STATUSES = ['active', 'inactive'] as const;
export const {{CONST}}_SORTS = ['name', 'price', 'status', 'createdAt'] as const;
export type {{OnePascal}}Status = (typeof {{CONST}}_STATUSES)[number];

/** A {{oneLabel}} as the API answers it: the price in the shop's currency, exact to the cent. */
export interface {{OnePascal}} {
  id: string;
  name: string;
  price: number;
  status: {{OnePascal}}Status;
  createdAt: string;
  updatedAt: string;
}
