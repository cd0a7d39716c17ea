import { Box, Button, Typography } from '@mui/material';
import { useState } from 'react';
import { DataTable, useTranslate } from 'react-admin';
import type { Affiliate } from '../../../common/referrals';
import ListShell from '../../components/ListShell';
import { useLine } from '../../components/PhoneList';
import RecordLink from '../../components/RecordLink';
import { useFormat } from '../../hooks/useFormat';
import AffiliateCommissions from './AffiliateCommissions';

const A = 'resources.affiliates';

/** Affiliates: search by name or email, the partners with their referrals and earnings, and one's commissions. */
export default function AffiliateList() {
  const translate = useTranslate();
  const { money, date, number } = useFormat();
  const line = useLine();
  const [selected, setSelected] = useState<Affiliate | null>(null);
  const view = (a: Affiliate) => (
    <Button size="small" variant={selected?.id === a.id ? 'contained' : 'text'} onClick={() => setSelected(a)}>
      {translate(`${A}.view`)}
    </Button>
  );
  const nameOf = (a: Affiliate) =>
    [a.firstName, a.lastName].filter(Boolean).join(' ') || a.name || translate(`${A}.na`);
  return (
    <>
      <ListShell<Affiliate>
        perPage={50}
        search
        searchWidth={300}
        rowClick={false}
        mobile={{
          primary: nameOf,
          secondary: (a) =>
            line(
              <RecordLink resource="users" id={a.id}>
                {a.email}
              </RecordLink>,
              translate(`${A}.phone_referred`, { count: number(a.referredCount) }),
              money(a.totalEarnings),
            ),
          actions: view,
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
      {selected && <AffiliateCommissions affiliate={selected} />}
    </>
  );
}
