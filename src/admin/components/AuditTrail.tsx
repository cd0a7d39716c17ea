import {
  Alert,
  Box,
  Button,
  CircularProgress,
  List,
  ListItem,
  ListItemText,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import type { AuditEvent } from '../../common/audit';
import { apiGet, toQuery } from '../../lib/api';
import { useFormat } from '../hooks/useFormat';
import { auditLines, CATALOGUE_OF, codeKey, humanize, lineText, type LineFormat } from './auditLines';
import { shortId } from './ids';
import { useLine } from './PhoneList';

const PAGE = 50;
export type AuditFilter = { actor?: string; entity?: string; entityId?: string; action?: string };

/** What an event changed or carried, one line per field, labelled and formatted as the record's own screens do. */
function AuditDetails({ event }: { event: AuditEvent }) {
  const translate = useTranslate();
  const { money, dateTime } = useFormat();
  const catalogue = CATALOGUE_OF[event.entity];
  const format: LineFormat = {
    label: (field) => (catalogue ? translate(`${catalogue}.fields.${field}`, { _: humanize(field) }) : humanize(field)),
    money: (amount) => money(amount),
    date: (iso) => dateTime(iso),
    yesNo: (value) => translate(`ra.boolean.${value}`),
    text: (field, value) => {
      const key = codeKey(event.entity, field, value);
      return key ? translate(key, { _: value }) : value;
    },
  };
  // Lines as blocks of text, which a phone list's secondary text (a paragraph) may hold.
  return auditLines(event.data).map((line) => (
    <Box component="span" key={line.field} sx={{ display: 'block' }}>
      {lineText(line, format)}
    </Box>
  ));
}

/**
 * How an event is shown, in a table's cells or on a phone's lines (the record's History here, Settings' Audit tab):
 * when, who (or the system), the action, the record it names, and the details.
 */
export function useAuditParts() {
  const translate = useTranslate();
  const { dateTime } = useFormat();
  return {
    when: (e: AuditEvent) => dateTime(e.createdAt),
    who: (e: AuditEvent) => e.actorEmail ?? translate('app.audit.system'),
    action: (e: AuditEvent) => (
      <Box component="span" data-audit-action={e.action} sx={{ fontFamily: 'monospace' }}>
        {e.action}
      </Box>
    ),
    record: (e: AuditEvent) => (e.entityId ? `${e.entity} ${shortId(e.entityId)}` : e.entity),
    details: (e: AuditEvent) => <AuditDetails event={e} />,
  };
}

/** A record's audit trail under `filter`, newest first, 50 at a time (GET /api/audit; admins only); on a phone a list of entries instead of the table. */
export default function AuditTrail({ filter }: { filter: AuditFilter }) {
  const translate = useTranslate();
  const { when, who, action, details } = useAuditParts();
  const line = useLine();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const events = useInfiniteQuery({
    queryKey: ['audit', filter],
    initialPageParam: 0,
    queryFn: ({ pageParam }) =>
      apiGet<{ events: AuditEvent[]; total: number }>(
        `/api/audit${toQuery({ ...filter, limit: PAGE, offset: pageParam })}`,
      ),
    getNextPageParam: (last, pages) => (last.events.length === PAGE ? pages.length * PAGE : undefined),
  });
  if (events.error)
    return <Alert severity="error">{`${translate('app.audit.load_failed')}: ${events.error.message}`}</Alert>;
  if (events.isPending) return <CircularProgress size={24} aria-label={translate('ra.page.loading')} />;
  const rows = events.data.pages.flatMap((p) => p.events);
  if (rows.length === 0) return <Typography color="text.secondary">{translate('app.audit.empty')}</Typography>;
  const head = (key: string) => <TableCell>{translate(`app.audit.columns.${key}`)}</TableCell>;
  return (
    <Box>
      {phone ? (
        <List className="phone-list" sx={{ '& .MuiListItemText-root': { minWidth: 0, overflowWrap: 'anywhere' } }}>
          {rows.map((e) => (
            <ListItem key={e.id} data-audit-action={e.action} divider>
              <ListItemText
                primary={action(e)}
                secondary={
                  <>
                    {line(when(e), who(e), e.ip)}
                    {details(e)}
                  </>
                }
                slotProps={{ secondary: { component: 'div' } }}
              />
            </ListItem>
          ))}
        </List>
      ) : (
        <Table size="small">
          <TableHead>
            <TableRow>
              {head('when')}
              {head('who')}
              {head('action')}
              {head('details')}
              {head('address')}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((e) => (
              <TableRow key={e.id} data-audit-action={e.action}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(e)}</TableCell>
                <TableCell>{who(e)}</TableCell>
                <TableCell>{action(e)}</TableCell>
                <TableCell sx={{ maxWidth: 420, overflowWrap: 'anywhere' }}>{details(e)}</TableCell>
                <TableCell>{e.ip ?? '—'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {events.hasNextPage && (
        <Button sx={{ mt: 1 }} disabled={events.isFetchingNextPage} onClick={() => events.fetchNextPage()}>
          {translate('app.list.load_more')}
        </Button>
      )}
    </Box>
  );
}
