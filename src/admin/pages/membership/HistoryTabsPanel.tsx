import { Box, Tab, Tabs } from '@mui/material';
import type { UseQueryResult } from '@tanstack/react-query';
import { useCanAccess, useTranslate } from 'react-admin';
import type { MemberLevel } from '../../../common/membership';
import { ConversionsTab, PointsHistoryTab, RedemptionsTab } from './HistoryTabs';
import LevelsTab from './LevelsTab';
import { usePathTab } from '../../hooks/usePathTab';

const TABS = ['overview', 'points', 'redemptions', 'conversions'] as const;
type TabName = (typeof TABS)[number];

/** Overview (the levels), then the shown member's Points History, Redemptions and Conversions. */
export default function HistoryTabsPanel({
  email,
  current,
  levels,
}: {
  email?: string;
  current?: string;
  levels: UseQueryResult<MemberLevel[]>;
}) {
  const translate = useTranslate();
  const { canAccess: canEditLevels = false } = useCanAccess({ resource: 'redemptions', action: 'edit' });
  const [tab, setTab] = usePathTab('/membership', TABS, 'email');
  return (
    <Box>
      <Tabs
        value={tab}
        onChange={(_, v: TabName) => setTab(v)}
        variant="scrollable"
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {TABS.map((t) => (
          <Tab key={t} value={t} label={translate(`app.membership.tabs.${t}`)} />
        ))}
      </Tabs>
      {tab === 'overview' && (
        <LevelsTab
          levels={levels.data}
          loading={levels.isPending && !levels.error}
          current={current}
          canEdit={canEditLevels}
        />
      )}
      {tab === 'points' && <PointsHistoryTab email={email} />}
      {tab === 'redemptions' && <RedemptionsTab email={email} />}
      {tab === 'conversions' && <ConversionsTab email={email} />}
    </Box>
  );
}
