import { Chip } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import type { User } from '../../../common/users';

type Color = 'default' | 'primary' | 'secondary' | 'success' | 'warning' | 'error' | 'info';

const ROLE_COLORS: Record<string, Color> = { admin: 'error', finance: 'info', operator: 'secondary', user: 'default' };
const STATUS_COLORS: Record<string, Color> = { active: 'success', inactive: 'default', suspended: 'error' };
const KYC_COLORS: Record<string, Color> = {
  verified: 'success',
  approved: 'success',
  pending: 'warning',
  rejected: 'error',
};

function Badge({ group, value, colors }: { group: string; value: string; colors: Record<string, Color> }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={colors[value] ?? 'default'}
      label={translate(`resources.users.${group}.${value}`, { _: value })}
    />
  );
}

export function RoleChip() {
  const u = useRecordContext<User>();
  return u ? <Badge group="role" value={u.role} colors={ROLE_COLORS} /> : null;
}

export function UserStatusChip() {
  const u = useRecordContext<User>();
  return u ? <Badge group="status" value={u.status} colors={STATUS_COLORS} /> : null;
}

export function KycChip() {
  const u = useRecordContext<User>();
  return u ? <Badge group="kyc" value={u.kycStatus} colors={KYC_COLORS} /> : null;
}
