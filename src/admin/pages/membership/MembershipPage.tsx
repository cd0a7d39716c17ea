import RefreshIcon from '@mui/icons-material/Refresh';
import { Alert, Box, Button, LinearProgress, Typography } from '@mui/material';
import { Title, useCanAccess, useRefresh, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import HistoryTabsPanel from './HistoryTabsPanel';
import MemberCard from './MemberCard';
import MemberLookup from './MemberLookup';
import MembershipTabs from './MembershipTabs';
import { AddPointsDialog, ConvertTokensDialog } from './PointsDialogs';
import { useLevels, useMember } from './useMembershipData';

const M = 'app.membership';

/**
 * Membership: the logged-in user's own member card (or, for staff, the member looked up by email), the levels and the
 * member's points, redemptions and conversions; Add Points for staff, Convert Tokens for the member themself.
 */
export default function MembershipPage() {
  const translate = useTranslate();
  const reload = useRefresh();
  const [params, setParams] = useSearchParams();
  // Staff read any member's membership; those who decide redemptions also adjust points (the resource table's write).
  const { canAccess: canLookUp = false } = useCanAccess({ resource: 'redemptions', action: 'list' });
  const { canAccess: canAddPoints = false } = useCanAccess({ resource: 'redemptions', action: 'edit' });
  const email = (canLookUp && params.get('email')) || undefined;
  const member = useMember(email);
  const levels = useLevels();
  const find = (next: string | undefined) => setParams(next ? { email: next } : {}, { replace: false });
  const error = member.error ?? levels.error;
  const data = member.data;

  return (
    <Box sx={{ py: 2 }}>
      <Title title={`${M}.title`} />
      <Typography variant="h5" component="h2">
        {translate(`${M}.title`)}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {translate(`${M}.subtitle`)}
      </Typography>
      <MembershipTabs />
      <Box sx={{ mt: 2 }}>
        {canLookUp && <MemberLookup key={email ?? 'me'} email={email} onFind={find} />}
        {error && (
          <Alert
            severity="error"
            sx={{ mb: 2 }}
            data-testid="membership-error"
            action={
              <Button color="inherit" size="small" onClick={reload}>
                {translate(`${M}.retry`)}
              </Button>
            }
          >
            {translate(`${M}.error`, { error: `${translate(`${M}.load_failed`)}: ${error.message}` })}
          </Alert>
        )}
        {member.isPending && !member.error && <LinearProgress aria-label={translate(`${M}.loading`)} sx={{ mb: 2 }} />}
        {data && (
          <MemberCard
            member={data}
            title={translate(email ? `${M}.card.member_title` : `${M}.card.title`, { email: data.email })}
            actions={
              <>
                {canAddPoints && <AddPointsDialog member={data} />}
                {!email && <ConvertTokensDialog member={data} />}
                <Button size="small" startIcon={<RefreshIcon />} onClick={reload}>
                  {translate(`${M}.refresh`)}
                </Button>
              </>
            }
          />
        )}
        <HistoryTabsPanel email={email} current={data?.currentLevel} levels={levels} />
      </Box>
    </Box>
  );
}
