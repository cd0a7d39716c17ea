import {
  Card,
  CardContent,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import { scrollCue } from '../../components/scrollCue';
import { useFormat } from '../../hooks/useFormat';
import { MONEY_METRICS, type ReportPoint } from '../../../common/reports';

/** One row a day or month that had anything, newest first, with the report's figures as columns. */
export default function BreakdownTable({
  title,
  bucket,
  metrics,
  series,
  loading,
}: {
  title: string;
  bucket: 'day' | 'month';
  metrics: readonly string[];
  series: ReportPoint[];
  loading: boolean;
}) {
  const translate = useTranslate();
  const { money, number } = useFormat();
  const rows = series.filter((p) => metrics.some((m) => Number(p[m] ?? 0) !== 0)).reverse();
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {title}
        </Typography>
        {loading ? (
          <Skeleton variant="rectangular" height={120} />
        ) : rows.length === 0 ? (
          <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
            {translate('app.reports.breakdown.empty')}
          </Typography>
        ) : (
          // Focusable so that a keyboard can scroll it; named by the card's title.
          <TableContainer
            sx={(theme) => ({ ...scrollCue(theme), maxHeight: 420 })}
            tabIndex={0}
            role="region"
            aria-label={title}
          >
            <Table size="small" stickyHeader>
              <TableHead>
                <TableRow>
                  <TableCell>{translate(`app.reports.breakdown.${bucket}`)}</TableCell>
                  {metrics.map((m) => (
                    <TableCell key={m} align="right">
                      {translate(`app.reports.metrics.${m}`)}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((p) => (
                  <TableRow key={p.period} hover>
                    <TableCell>{p.period}</TableCell>
                    {metrics.map((m) => (
                      <TableCell key={m} align="right">
                        {MONEY_METRICS.has(m) ? money(p[m]) : number(p[m])}
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </CardContent>
    </Card>
  );
}
