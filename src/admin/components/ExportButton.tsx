import CloseIcon from '@mui/icons-material/Close';
import DownloadIcon from '@mui/icons-material/Download';
import { Box, IconButton, LinearProgress, Typography } from '@mui/material';
import { Button, useCanAccess, useListContext, useNotify, useResourceContext, useTranslate } from 'react-admin';
import { apiOf, type ResourceName } from '../../common/resources';
import { toQuery } from '../../lib/api';
import { exportPathOf, listParams } from '../providers/dataProvider';
import { useFormat } from '../hooks/useFormat';
import { useCsvExport } from './useCsvExport';

type Query = Record<string, string | number | boolean | null | undefined>;

type ExportButtonProps = {
  /** The list's CSV endpoint, e.g. `/api/orders/export.csv`. */
  path: string;
  /** The list's current filters, search and sort, as its own page query has them (paging left out). */
  query?: Query;
  /** Whose read rule the button follows: hidden for a role that may not read the list. */
  resource: ResourceName;
  /** Rows the list has under these filters, when known: the progress bar then fills toward it. */
  total?: number;
  /** The button's catalogue key (default Export). */
  label?: string;
};

/**
 * Export: the list's CSV from the server (every row under the current filters and sort, streamed), saved as a file.
 * While it downloads, the rows and megabytes received and a cancel replace the button; a failure says
 * "Export failed" with the server's sentence.
 */
export default function ExportButton({
  path,
  query = {},
  resource,
  total,
  label = 'app.list.export',
}: ExportButtonProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const { number } = useFormat();
  // Asked as 'export' (a read), not 'list': a list's ListBase reads the ('list', resource) check from the cache without
  // subscribing, and this button's own check, dropped unfetched when the list re-renders its loading state, stayed
  // pending there and held the list on "Loading" for good.
  const { canAccess: allowed = false } = useCanAccess({ resource: resource, action: 'export' });
  const { progress, start, cancel } = useCsvExport();
  if (!allowed) return null;
  const run = async () => {
    const failure = await start(`${path}${toQuery(query)}`, `${path.split('/').slice(2, -1).join('-')}.csv`);
    if (failure !== null)
      notify(
        failure ? translate('app.list.export_failed_because', { error: failure }) : translate('app.list.export_failed'),
        { type: 'error' },
      );
  };
  if (!progress)
    return (
      <Button label={label} onClick={() => void run()}>
        <DownloadIcon />
      </Button>
    );
  const rows = total ? Math.min(progress.rows, total) : progress.rows;
  const text = translate('app.list.exporting', {
    rows: number(rows),
    mb: number(progress.bytes / 1_048_576, { maximumFractionDigits: 1 }),
  });
  return (
    <Box role="status" aria-live="polite" sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 220 }}>
      <Box sx={{ flex: 1 }}>
        <LinearProgress
          variant={total ? 'determinate' : 'indeterminate'}
          value={total ? (100 * rows) / total : undefined}
          aria-label={translate('app.list.export')}
        />
        <Typography variant="caption" color="text.secondary" noWrap>
          {text}
        </Typography>
      </Box>
      <IconButton
        size="small"
        onClick={cancel}
        aria-label={translate('app.list.export_cancel')}
        title={translate('app.list.export_cancel')}
      >
        <CloseIcon fontSize="small" />
      </IconButton>
    </Box>
  );
}

/** The Export button of a react-admin list (ListShell's toolbar): its resource's CSV with the list's filters and sort. */
export function ListExportButton() {
  const resource = useResourceContext() as ResourceName | undefined;
  const { filterValues, sort, total } = useListContext();
  const path = resource && exportPathOf(resource);
  if (!resource || !path) return null;
  return (
    <ExportButton
      path={path}
      resource={resource}
      query={{ ...apiOf(resource)?.query, ...listParams(filterValues, sort) }}
      total={total}
    />
  );
}
