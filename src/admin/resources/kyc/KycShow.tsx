import { Alert, Box } from '@mui/material';
import {
  FunctionField,
  Labeled,
  ListButton,
  SimpleShowLayout,
  TopToolbar,
  useLocaleState,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { Link } from 'react-router-dom';
import type { KycSession } from '../../../common/kyc';
import { useFormat } from '../../hooks/useFormat';
import KycDecision from './KycDecision';
import KycDocument from './KycDocument';
import { countryName, DocumentCell, KycSessionStatusChip } from './KycChips';
import { RecordShow } from '../../components/RecordPage';

const row = { display: 'flex', flexWrap: 'wrap', gap: 4 } as const;

function Document() {
  const s = useRecordContext<KycSession>();
  return s ? <KycDocument session={s} size="large" /> : null;
}

function Decision() {
  const s = useRecordContext<KycSession>();
  const translate = useTranslate();
  const { dateTime } = useFormat();
  if (!s || s.status === 'pending') return null;
  return (
    <Alert severity={s.status === 'rejected' ? 'error' : 'success'}>
      {translate(`resources.kyc.status.${s.status}`)} —{' '}
      {translate('resources.kyc.reviewed_by', { date: s.reviewedAt ? dateTime(s.reviewedAt) : '—' })}
      {s.reason && (
        <Box component="p" sx={{ m: 0, mt: 0.5 }}>
          {translate('resources.kyc.fields.reason')}: {s.reason}
        </Box>
      )}
    </Alert>
  );
}

/** One KYC session: what the user typed beside their document at full size, the decision or the buttons to make it. */
export default function KycShow() {
  const [locale] = useLocaleState();
  const { dateTime, date } = useFormat();
  return (
    <RecordShow
      actions={
        <TopToolbar>
          <ListButton />
          <KycDecision />
        </TopToolbar>
      }
    >
      <SimpleShowLayout>
        <Decision />
        <Box sx={row}>
          <Labeled source="legalName">
            <FunctionField<KycSession> render={(s) => s.legalName} />
          </Labeled>
          <Labeled source="userEmail">
            <FunctionField<KycSession> render={(s) => <Link to={`/users/${s.userId}/show`}>{s.userEmail}</Link>} />
          </Labeled>
          <Labeled source="dateOfBirth">
            <FunctionField<KycSession> render={(s) => date(`${s.dateOfBirth}T12:00:00Z`)} />
          </Labeled>
          <Labeled source="country">
            <FunctionField<KycSession> render={(s) => countryName(s.country, locale)} />
          </Labeled>
          <Labeled source="documentType">
            <DocumentCell />
          </Labeled>
          <Labeled source="status">
            <KycSessionStatusChip />
          </Labeled>
          <Labeled source="createdAt">
            <FunctionField<KycSession> render={(s) => dateTime(s.createdAt)} />
          </Labeled>
        </Box>
        <Labeled source="document" fullWidth>
          <Document />
        </Labeled>
      </SimpleShowLayout>
    </RecordShow>
  );
}
