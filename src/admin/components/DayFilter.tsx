import { DateInput } from 'react-admin';

/**
 * A list's day filter (`from` or `to`, YYYY-MM-DD in the address like the other filters): whole days in the site's
 * timezone, both ends included. The server says which date of a record it reads (an order's placing, a payment's money).
 */
export default function DayFilter({ source }: { source: 'from' | 'to'; alwaysOn?: boolean }) {
  return <DateInput source={source} label={`app.list.${source}`} sx={{ width: 170 }} />;
}

/** The two day filters, for a list's `inputs`. */
export const DAY_FILTERS = [
  <DayFilter key="from" source="from" alwaysOn />,
  <DayFilter key="to" source="to" alwaysOn />,
];
