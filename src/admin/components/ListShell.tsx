import { Box, Card, Typography, useMediaQuery, type SxProps, type Theme } from '@mui/material';
import type { ReactElement, ReactNode } from 'react';
import {
  DataTable,
  InfiniteList,
  List,
  Pagination,
  RefreshButton,
  SearchInput,
  SelectInput,
  TopToolbar,
  useListContext,
  useNotify,
  useResourceContext,
  useTranslate,
  type RaRecord,
  type RowClickFunction,
  type SortPayload,
} from 'react-admin';
import type { ResourceName } from '../../common/resources';
import { recoverable } from '../../lib/api-errors';
import { ListExportButton } from './ExportButton';
import { KeyboardRowsBody } from './KeyboardRows';
import PhoneList, { type MobileLines } from './PhoneList';
import ListLoadError from './ListLoadError';
import LoadMoreButton from './LoadMoreButton';
import { scrollCue } from './scrollCue';

/** A status-like filter: choice `id` is named `resources.<name>.<names>.<id>`, the empty entry `resources.<name>.filters.<all>`. */
export type SelectFilter = { source: string; choices: readonly string[]; names: string; all: string; label?: string };

type ListShellProps<R extends RaRecord = RaRecord> = {
  /** The list's resource when the screen is not its resource's route (a tab of a page of its own). */
  resource?: ResourceName;
  /** Where the list's texts live instead of `resources.<name>` (a page's own catalogue, e.g. `app.notifications.bulk`). */
  texts?: string;
  /** A list that grows with "Load More" (InfiniteList) rather than numbered pages of `perPage` rows (List). */
  infinite?: boolean;
  perPage: number;
  sort?: SortPayload;
  /** A free-text search box (`q`) with the placeholder `resources.<name>.search`. */
  search?: boolean;
  /** The search box's width in px, for a placeholder longer than the default box holds. */
  searchWidth?: number;
  selects?: readonly SelectFilter[];
  /** The list's other filter inputs (e.g. text boxes), after the search and the selects; react-admin waits for typing to pause before it asks. */
  inputs?: readonly ReactElement[];
  /** Toolbar buttons before and after Refresh. */
  before?: ReactNode;
  after?: ReactNode;
  toolbarSx?: SxProps<Theme>;
  /** What stands above the table: stat cards, status bars. */
  header?: ReactNode;
  /** What replaces the rows when the list failed to load (default: `resources.<name>.load_failed` and the error). */
  loadError?: ReactNode;
  /** 'show' opens the record page; a function does its own thing (e.g. opens a dialog) and answers false. */
  rowClick?: 'show' | false | RowClickFunction;
  /** `false` leaves the page title to the screen. */
  title?: false;
  /** Reload the rows this often (ms) while the screen is open. */
  refetchInterval?: number | false;
  /** Filters a visitor starts with (e.g. the review queue's pending status). */
  filterDefaultValues?: Record<string, unknown>;
  /** Filters always sent and never shown (e.g. the member a history belongs to). */
  filter?: Record<string, unknown>;
  /** Where react-admin remembers the list's page and filters, when one resource has several lists (one per member). */
  storeKey?: string;
  /** What a phone shows of each row instead of the table (a simple list); without it the table scrolls sideways. */
  mobile?: MobileLines<R>;
  /** The buttons of the toolbar shown while rows are selected; without them the rows have no checkboxes. */
  bulkActionButtons?: ReactNode;
  /** The DataTable's columns. */
  children: ReactNode;
};

/** Numbered pages of `perPage` rows; hidden when the list failed to load (the error replaces the rows). */
function PagedPagination({ perPage }: { perPage: number }) {
  const { error } = useListContext();
  return error ? null : <Pagination rowsPerPageOptions={[perPage]} />;
}

/** The bulk toolbar in the card, above the rows (react-admin floats it over the list's toolbar, which the card would clip). */
const INLINE_BULK_TOOLBAR = {
  '& .RaBulkActionsToolbar-toolbar.MuiToolbar-root': { position: 'relative', transform: 'none' },
};

/** A table wider than its card (the card hides what overflows it) scrolls inside the card, with a shadow where more is. */
const tableSx = (bulk: boolean) => (theme: Theme) => ({
  '& .RaDataTable-tableWrapper': scrollCue(theme),
  // Its shadows show through the heading too (a sticky heading's own background is moot in a box that scrolls sideways).
  '& .RaDataTable-headerCell': { backgroundColor: 'transparent' },
  ...(bulk && INLINE_BULK_TOOLBAR),
});

function NoRows({ message }: { message: string }) {
  const translate = useTranslate();
  return <Typography sx={{ p: 2 }}>{translate(message)}</Typography>;
}

/**
 * The frame of every resource list: filters, a toolbar with Refresh and Export (the server's CSV under the filters), the load-failure sentence in place of the rows,
 * what goes above the table, then the table in a card with its empty text. Texts come from `resources.<name>.*`
 * (`search`, `load_failed`, `empty`, `filters.*`), for the resource of the current route.
 */
export default function ListShell<R extends RaRecord>({
  resource: listResource,
  texts,
  infinite,
  perPage,
  sort = { field: 'createdAt', order: 'DESC' },
  search,
  searchWidth,
  selects = [],
  inputs = [],
  before,
  after,
  toolbarSx,
  header,
  loadError,
  rowClick = 'show',
  title,
  refetchInterval,
  filterDefaultValues,
  filter,
  storeKey,
  mobile,
  bulkActionButtons,
  children,
}: ListShellProps<R>) {
  const translate = useTranslate();
  const notify = useNotify();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const routeResource = useResourceContext();
  const resource = listResource ?? routeResource;
  const key = (name: string) => `${texts ?? `resources.${resource}`}.${name}`;
  const filters = [
    ...(search
      ? [
          <SearchInput
            key="q"
            source="q"
            alwaysOn
            placeholder={translate(key('search'))}
            sx={searchWidth ? { width: searchWidth } : undefined}
          />,
        ]
      : []),
    ...selects.map(({ source, choices, names, all, label }) => (
      <SelectInput
        key={source}
        source={source}
        label={label}
        alwaysOn
        emptyText={key(`filters.${all}`)}
        choices={choices.map((id) => ({ id, name: key(`${names}.${id}`) }))}
      />
    )),
    ...inputs,
  ];
  const props = {
    resource,
    perPage,
    sort,
    filters,
    actions: (
      <TopToolbar sx={toolbarSx}>
        {before}
        <RefreshButton />
        <ListExportButton />
        {after}
      </TopToolbar>
    ),
    empty: false as const,
    component: Box,
    error: loadError ?? <ListLoadError message={key('load_failed')} />,
    ...(title === false && { title }),
    queryOptions: {
      // The failure is said in place of the rows. One for want of the server is asked again every few seconds
      // (providers/queryClient.ts), and would pop react-admin's notice again each time: that one is not notified.
      onError: (error: Error) => {
        if (!recoverable(error))
          notify(error.message || 'ra.notification.http_error', { type: 'error', messageArgs: { _: error.message } });
      },
      ...(refetchInterval !== undefined && { refetchInterval }),
    },
    ...(filterDefaultValues && { filterDefaultValues }),
    ...(filter && { filter }),
    ...(storeKey && { storeKey }),
  };
  const body = (
    <>
      {header}
      <Card variant="outlined" data-list={resource}>
        {phone && mobile ? (
          <PhoneList lines={mobile} rowClick={rowClick} empty={<NoRows message={key('empty')} />} />
        ) : (
          <DataTable<R>
            rowClick={rowClick}
            body={KeyboardRowsBody}
            bulkActionButtons={bulkActionButtons || false}
            sx={tableSx(!!bulkActionButtons)}
            empty={<NoRows message={key('empty')} />}
          >
            {children}
          </DataTable>
        )}
      </Card>
    </>
  );
  return infinite ? (
    <InfiniteList<R> {...props} pagination={<LoadMoreButton />}>
      {body}
    </InfiniteList>
  ) : (
    <List<R> {...props} pagination={<PagedPagination perPage={perPage} />}>
      {body}
    </List>
  );
}
