import { Box, Button, Typography } from '@mui/material';
import { useState, type MouseEvent } from 'react';
import { DataTable, useTranslate } from 'react-admin';
import type { Affiliate } from '../../../common/referrals';
import ListShell from '../../components/ListShell';
import { useLine } from '../../components/PhoneList';
import RecordLink from '../../components/RecordLink';
import { useFormat } from '../../hooks/useFormat';
import AffiliateCommissions from './AffiliateCommissions';
import { useAffiliateName } from './useAffiliateName';

const A = 'resources.affiliates';

/**
 * Affiliates: search by name or email, the partners with their referrals and earnings; a row opens the affiliate's
 * page, "View Commissions" lists their commissions under the table.
 */
export default function AffiliateList() {
  const translate = useTranslate();
  const { money, date, number } = useFormat();
  const line = useLine();
  const nameOf = useAffiliateName();
  const [selected, setSelected] = useState<Affiliate | null>(null);
  const view = (a: Affiliate) => (
    <Button
      size="small"
      variant={selected?.id === a.id ? 'contained' : 'text'}
      onClick={(e: MouseEvent) => {
        // Not also the row's click, which opens the affiliate's page.
        e.stopPropagation();
        setSelected(a);
      }}
    >
      {translate(`${A}.view`)}
    </Button>
  );
  return (
    <>
      <ListShell<Affiliate>
        perPage={50}
        search
        searchWidth={300}
        mobile={{
          primary: nameOf,
          // The line opens the affiliate's page, with their commissions: text only, no link inside a link.
          secondary: (a) =>
            line(a.email, translate(`${A}.phone_referred`, { count: number(a.referredCount) }), money(a.totalEarnings)),
        }}
        header={
          <Box sx={{ mb: 2 }}>
            <Typography variant="h5">{translate(`${A}.title`)}</Typography>
            <Typography color="text.secondary">{translate(`${A}.subtitle`)}</Typography>
          </Box>
        }
      >
        <DataTable.Col<Affiliate> source="name" label={`${A}.columns.name`} disableSort render={nameOf} />
        <DataTable.Col<Affiliate>
          source="email"
          label={`${A}.columns.email`}
          render={(a) => (
            <RecordLink resource="users" id={a.id}>
              {a.email}
            </RecordLink>
          )}
        />
        <DataTable.Col<Affiliate>
          source="createdAt"
          label={`${A}.columns.joined`}
          render={(a) => (a.createdAt ? date(a.createdAt) : translate(`${A}.na`))}
        />
        <DataTable.Col<Affiliate>
          source="referredCount"
          label={`${A}.columns.referred`}
          disableSort
          render={(a) => number(a.referredCount)}
        />
        <DataTable.Col<Affiliate>
          source="totalEarnings"
          label={`${A}.columns.earnings`}
          disableSort
          render={(a) => money(a.totalEarnings)}
        />
        <DataTable.Col<Affiliate> label={`${A}.columns.actions`} disableSort render={view} />
      </ListShell>
      {selected && <AffiliateCommissions affiliate={selected} chosen />}
    </>
  );
}
