import type { ReactNode } from 'react';
import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import StatCard from '../../components/StatCard';
import { useFormat } from '../../hooks/useFormat';
import type { ReportTotal } from '../../../common/reports';

/** A report total with its change from the previous period ("—" when there was nothing before). */
export default function GrowthCard({
  label,
  total,
  money,
  icon,
  color,
  caption,
  loading,
}: {
  label: string;
  total?: ReportTotal;
  money?: boolean;
  icon?: ReactNode;
  color?: string;
  caption?: string;
  loading: boolean;
}) {
  const translate = useTranslate();
  const format = useFormat();
  const value = total === undefined ? '—' : money ? format.money(total.value) : format.number(total.value);
  const growth = total?.growthPercent;
  const trend =
    growth === null || growth === undefined
      ? translate('app.reports.no_growth')
      : translate('app.reports.growth', {
          value: `${growth > 0 ? '+' : ''}${format.number(growth, { maximumFractionDigits: 1 })}%`,
        });
  return (
    <StatCard
      loading={loading}
      icon={icon}
      color={color}
      label={label}
      value={
        <>
          {value}
          {caption && (
            <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
              {caption}
            </Typography>
          )}
          {total && (
            <Typography
              variant="caption"
              data-testid="growth"
              sx={{
                display: 'block',
                color:
                  growth === null || growth === undefined
                    ? 'text.secondary'
                    : growth >= 0
                      ? 'success.main'
                      : 'error.main',
              }}
            >
              {trend}
            </Typography>
          )}
        </>
      }
    />
  );
}
