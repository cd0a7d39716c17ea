import { Alert, Box, Card, CardContent, Divider, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import type { Member } from '../../../common/membership';
import Mono from '../../components/Mono';
import { useFormat } from '../../hooks/useFormat';
import { LevelChip, YesNo } from './MembershipChips';

const T = 'app.membership.card';

/** The sentence for what the next level still needs: points, paid orders or both. */
const nextLevelKey = (next: NonNullable<Member['nextLevel']>) =>
  next.pointsNeeded > 0 && next.ordersNeeded > 0
    ? 'next_level'
    : next.pointsNeeded > 0
      ? 'next_level_points'
      : 'next_level_orders';

function Figure({ label, value, testId }: { label: string; value: ReactNode; testId: string }) {
  return (
    <Box sx={{ minWidth: 120 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h5" component="div" data-testid={testId}>
        {value}
      </Typography>
    </Box>
  );
}

function Benefit({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between', minWidth: 200 }}>
      <Typography variant="body2">{label}</Typography>
      {children}
    </Stack>
  );
}

/** The balances of the member's wallet, read from the chain by the server (never from a table). */
function TokenBalances({ member }: { member: Member }) {
  const translate = useTranslate();
  const { number } = useFormat();
  return (
    <Box data-testid="token-balances">
      <Typography variant="subtitle2">{translate(`${T}.tokens`)}</Typography>
      {member.walletAddress ? (
        <Typography variant="caption" color="text.secondary" component="p">
          {translate(`${T}.tokens_help`)} <Mono title={member.walletAddress}>{member.walletAddress}</Mono>
        </Typography>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {translate(`${T}.no_wallet`)}
        </Typography>
      )}
      {member.tokenBalancesError && (
        <Alert severity="warning" sx={{ my: 1 }}>
          {translate(`${T}.tokens_failed`, { error: member.tokenBalancesError })}
        </Alert>
      )}
      {member.walletAddress && !member.tokenBalancesError && member.tokenBalances.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {translate(`${T}.no_tokens`)}
        </Typography>
      )}
      {member.tokenBalances.map((b) => (
        <Stack key={b.token} direction="row" spacing={1} sx={{ alignItems: 'baseline' }}>
          <Typography variant="h6" component="span" data-testid={`token-balance-${b.token}`}>
            {number(b.amount)}
          </Typography>
          <Typography component="span">
            {translate(`app.membership.conversions.tokens.${b.token}`, { _: b.token })}
          </Typography>
          {b.value !== null && (
            <Typography variant="body2" color="text.secondary" component="span">
              {translate(`${T}.token_value`, { points: number(b.value) })}
            </Typography>
          )}
        </Stack>
      ))}
    </Box>
  );
}

/** A member's card: who, level, points, orders, referrals, token balances from the chain and the level's benefits. */
export default function MemberCard({ member, title, actions }: { member: Member; title: string; actions?: ReactNode }) {
  const translate = useTranslate();
  const { number, percent, money } = useFormat();
  const { benefits, nextLevel: next } = member;
  return (
    <Card variant="outlined" sx={{ mb: 2 }} data-testid="member-card">
      <CardContent>
        <Stack
          direction="row"
          sx={{ justifyContent: 'space-between', alignItems: 'flex-start', flexWrap: 'wrap', gap: 1 }}
        >
          <Box>
            <Typography variant="h6" component="h2">
              {title}
            </Typography>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Typography data-testid="member-email">{member.email}</Typography>
              <LevelChip level={member.currentLevel} />
            </Stack>
            <Typography variant="caption" color="text.secondary" data-testid="next-level">
              {next
                ? translate(`${T}.${nextLevelKey(next)}`, {
                    points: number(next.pointsNeeded),
                    orders: number(next.ordersNeeded),
                    level: translate(`app.membership.levels.${next.name}`),
                  })
                : translate(`${T}.top_level`)}
            </Typography>
            <Typography variant="caption" color="text.secondary" component="p">
              {translate(`${T}.earns`, {
                unit: money(1),
                points: number(member.rates.pointsPerCurrencyUnit),
                smart_count: member.rates.pointsPerCurrencyUnit,
              })}
            </Typography>
          </Box>
          {actions && (
            <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
              {actions}
            </Stack>
          )}
        </Stack>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 4, my: 2 }}>
          <Figure label={translate(`${T}.points`)} value={number(member.totalPoints)} testId="member-points" />
          <Figure label={translate(`${T}.total_orders`)} value={number(member.totalOrders)} testId="member-orders" />
          <Figure label={translate(`${T}.referrals`)} value={number(member.totalReferrals)} testId="member-referrals" />
        </Stack>
        <Divider sx={{ mb: 2 }} />
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          <TokenBalances member={member} />
          <Box data-testid="member-benefits">
            <Typography variant="subtitle2" sx={{ mb: 1 }}>
              {translate(`${T}.benefits`)}
            </Typography>
            <Stack spacing={0.75}>
              <Benefit label={translate(`${T}.discount`)}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {percent(benefits.discount)}
                </Typography>
              </Benefit>
              <Benefit label={translate(`${T}.free_shipping`)}>
                <YesNo value={benefits.freeShipping} />
              </Benefit>
              <Benefit label={translate(`${T}.priority_support`)}>
                <YesNo value={benefits.prioritySupport} />
              </Benefit>
              <Benefit label={translate(`${T}.exclusive_products`)}>
                <YesNo value={benefits.exclusiveProducts} />
              </Benefit>
            </Stack>
          </Box>
        </Box>
      </CardContent>
    </Card>
  );
}
