import { SelectInput, useListContext, useTranslate } from 'react-admin';
import type { PaymentStats } from '../../../common/payments';

/**
 * The method filter: every provider the payments hold (the list answer's `stats.providers`), named in the reader's
 * language where the catalogue knows it, and the one chosen even before the list has answered.
 */
export function ProviderFilter({ source }: { source: string; alwaysOn?: boolean }) {
  const translate = useTranslate();
  const { meta, filterValues } = useListContext();
  const known = (meta as { stats?: PaymentStats } | undefined)?.stats?.providers ?? [];
  const chosen = filterValues?.[source] as string | undefined;
  const ids = chosen && !known.includes(chosen) ? [...known, chosen] : known;
  return (
    <SelectInput
      source={source}
      label="resources.payments.fields.provider"
      emptyText="resources.payments.filters.all_methods"
      choices={ids.map((id) => ({ id, name: translate(`resources.payments.provider.${id}`, { _: id }) }))}
    />
  );
}
