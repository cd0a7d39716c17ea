import {
  Chip,
  List,
  ListItem,
  ListItemText,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { ListButton, TopToolbar, useRecordContext, useTranslate } from 'react-admin';
import type { Affiliate, AffiliateDetail, AffiliateReferral } from '../../../common/referrals';
import AwaitDetail, { detailOf } from '../../components/AwaitDetail';
import DetailField from '../../components/DetailField';
import Section from '../../components/DetailSection';
import Mono from '../../components/Mono';
import { scrollCue } from '../../components/scrollCue';
import Panel from '../../components/Panel';
import { useLine } from '../../components/PhoneList';
import RecordLink from '../../components/RecordLink';
import { useFormat } from '../../hooks/useFormat';
import AffiliateCommissions from './AffiliateCommissions';
import { useAffiliateName } from './useAffiliateName';
import { RecordShow } from '../../components/RecordPage';

const A = 'resources.affiliates';

/** Clicks, conversion and commissions by status: only the one-record answer carries them. */
function Figures({ affiliate }: { affiliate: AffiliateDetail }) {
  const { money, number } = useFormat();
  const percent = number(affiliate.conversionRate, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return (
    <>
      <DetailField label={`${A}.detail.clicks`}>{number(affiliate.totalClicks)}</DetailField>
      <DetailField label={`${A}.detail.unique_clicks`}>{number(affiliate.uniqueClicks)}</DetailField>
      <DetailField label={`${A}.detail.conversion`}>{`${percent}%`}</DetailField>
      <DetailField label={`${A}.detail.pending`}>{money(affiliate.pendingCommissions)}</DetailField>
      <DetailField label={`${A}.detail.approved`}>{money(affiliate.approvedCommissions)}</DetailField>
      <DetailField label={`${A}.detail.paid`}>{money(affiliate.paidCommissions)}</DetailField>
    </>
  );
}

/** The newest people the affiliate referred, each opening their user page (for those who may); lines on a phone. */
function Referred({ affiliate }: { affiliate: AffiliateDetail }) {
  const translate = useTranslate();
  const { dateTime } = useFormat();
  const line = useLine();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  if (affiliate.referred.length === 0) {
    return <Typography color="text.secondary">{translate(`${A}.detail.none_referred`)}</Typography>;
  }
  const email = (r: AffiliateReferral) => (
    <RecordLink resource="users" id={r.id}>
      {r.email}
    </RecordLink>
  );
  const when = (r: AffiliateReferral) => (r.referredAt ? dateTime(r.referredAt) : null);
  const bought = (r: AffiliateReferral) => (
    <Chip
      size="small"
      color={r.active ? 'success' : 'default'}
      label={translate(`${A}.detail.${r.active ? 'active' : 'not_active'}`)}
    />
  );
  if (phone) {
    return (
      <List disablePadding sx={{ '& .MuiListItemText-root': { minWidth: 0, overflowWrap: 'anywhere' } }}>
        {affiliate.referred.map((r) => (
          <ListItem key={r.id} disableGutters divider>
            <ListItemText primary={email(r)} secondary={line(r.name, when(r))} />
            {bought(r)}
          </ListItem>
        ))}
      </List>
    );
  }
  return (
    <TableContainer sx={scrollCue}>
      <Table size="small">
        <TableHead>
          <TableRow>
            {['email', 'name', 'referred_at', 'active'].map((k) => (
              <TableCell key={k}>{translate(`${A}.detail.referred_columns.${k}`)}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {affiliate.referred.map((r) => (
            <TableRow key={r.id}>
              <TableCell>{email(r)}</TableCell>
              <TableCell>{r.name ?? '—'}</TableCell>
              <TableCell>{when(r) ?? '—'}</TableCell>
              <TableCell>{bought(r)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** The list's row renders at once; the figures and the people referred follow with the one-record answer. */
function AffiliateDetailView() {
  const record = useRecordContext<Affiliate | AffiliateDetail>();
  const { money, number, date } = useFormat();
  const nameOf = useAffiliateName();
  if (!record) return null;
  const detail = detailOf<Affiliate, AffiliateDetail>(record, 'referred');
  return (
    <Stack spacing={2} sx={{ p: 2 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', flexWrap: 'wrap', rowGap: 0.5 }}>
        <Typography variant="h6">{nameOf(record)}</Typography>
        <RecordLink resource="users" id={record.id}>
          {record.email}
        </RecordLink>
      </Stack>
      <Section title={`${A}.detail.summary`}>
        <DetailField label={`${A}.detail.code`}>
          {record.referralCode && <Mono>{record.referralCode}</Mono>}
        </DetailField>
        <DetailField label={`${A}.columns.joined`}>{date(record.createdAt)}</DetailField>
        <DetailField label={`${A}.columns.referred`}>{number(record.referredCount)}</DetailField>
        <DetailField label={`${A}.columns.earnings`}>{money(record.totalEarnings)}</DetailField>
        <AwaitDetail detail={detail} lines={2}>
          {(d) => <Figures affiliate={d} />}
        </AwaitDetail>
      </Section>
      <Panel title={`${A}.detail.referred`} variant="subtitle1">
        <AwaitDetail detail={detail} lines={3}>
          {(d) => <Referred affiliate={d} />}
        </AwaitDetail>
      </Panel>
      <AffiliateCommissions affiliate={record} />
    </Stack>
  );
}

/** One affiliate: who they are (their user page), their code and figures, whom they referred and their commissions. */
export default function AffiliateShow() {
  return (
    <RecordShow
      actions={
        <TopToolbar>
          <ListButton />
        </TopToolbar>
      }
    >
      <AffiliateDetailView />
    </RecordShow>
  );
}
