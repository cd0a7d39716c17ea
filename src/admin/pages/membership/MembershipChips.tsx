import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';

/** Each level's badge: a fixed fill with a text colour that contrasts with it, so it reads the same in light and dark. */
const LEVEL_COLORS: Record<string, { bg: string; fg: string }> = {
  BRONZE: { bg: '#8d5524', fg: '#fff' },
  SILVER: { bg: '#b0bec5', fg: '#000' },
  GOLD: { bg: '#f9a825', fg: '#000' },
  PLATINUM: { bg: '#455a64', fg: '#fff' },
  DIAMOND: { bg: '#0277bd', fg: '#fff' },
};

/** The member level's badge ("Gold"); an unknown level shows as the server wrote it. */
export function LevelChip({ level, size = 'small' }: { level: string; size?: 'small' | 'medium' }) {
  const translate = useTranslate();
  const colors = LEVEL_COLORS[level] ?? { bg: '#616161', fg: '#fff' };
  return (
    <Chip
      size={size}
      data-testid="level-chip"
      label={translate(`app.membership.levels.${level}`, { _: level })}
      sx={{ bgcolor: colors.bg, color: colors.fg, fontWeight: 600 }}
    />
  );
}

const STATUS_COLORS = { PENDING: 'warning', APPROVED: 'success' } as const;

/** PENDING, APPROVED, and any other status in the rejected style (PRODUCT.md, Lifecycles). */
export function RedemptionStatusChip({ status }: { status: string }) {
  const translate = useTranslate();
  const color = STATUS_COLORS[status as keyof typeof STATUS_COLORS] ?? 'error';
  return (
    <Chip size="small" color={color} label={translate(`app.membership.redemption_status.${status}`, { _: status })} />
  );
}

/** Yes or No for a benefit. */
export function YesNo({ value }: { value: boolean }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={value ? 'success' : 'default'}
      label={translate(value ? 'app.membership.card.yes' : 'app.membership.card.no')}
    />
  );
}
