import { Box, Card, Typography, type SxProps, type Theme } from '@mui/material';
import type { ReactNode } from 'react';
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
  useResourceContext,
  useTranslate,
  type RaRecord,
  type SortPayload,
} from 'react-admin';
import { ListExportButton } from './ExportButton';
import ListLoadError from './ListLoadError';
import LoadMoreButton from './LoadMoreButton';

/** A status-like filter: choice `id` is named `resources.<name>.<names>.<id>`, the empty entry `resources.<name>.filters.<all>`. */
export type SelectFilter = { source: string; choices: readonly string[]; names: string; all: string };

type ListShellProps = {
  /** A list that grows with "Load More" (InfiniteList) rather than numbered pages of `perPage` rows (List). */
  infinite?: boolean;
  perPage: number;
  sort?: SortPayload;
  /** A free-text search box (`q`) with the placeholder `resources.<name>.search`. */
  search?: boolean;
  /** The search box's width in px, for a placeholder longer than the default box holds. */
  searchWidth?: number;
  selects?: readonly SelectFilter[];
  /** Toolbar buttons before and after Refresh. */
  before?: ReactNode;
  after?: ReactNode;
  toolbarSx?: SxProps<Theme>;
  /** What stands above the table: stat cards, status bars. */
  header?: ReactNode;
  /** What replaces the rows when the list failed to load (default: `resources.<name>.load_failed` and the error). */
  loadError?: ReactNode;
  rowClick?: 'show' | false;
  cardSx?: SxProps<Theme>;
  /** `false` leaves the page title to the screen. */
  title?: false;
  /** Reload the rows this often (ms) while the screen is open. */
  refetchInterval?: number | false;
  /** Filters a visitor starts with (e.g. the review queue's pending status). */
  filterDefaultValues?: Record<string, unknown>;
  /** The DataTable's columns. */
  children: ReactNode;
};

/** Numbered pages of `perPage` rows; hidden when the list failed to load (the error replaces the rows). */
function PagedPagination({ perPage }: { perPage: number }) {
  const { error } = useListContext();
  return error ? null : <Pagination rowsPerPageOptions={[perPage]} />;
}

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
  infinite,
  perPage,
  sort = { field: 'createdAt', order: 'DESC' },
  search,
  searchWidth,
  selects = [],
  before,
  after,
  toolbarSx,
  header,
  loadError,
  rowClick = 'show',
  cardSx,
  title,
  refetchInterval,
  filterDefaultValues,
  children,
}: ListShellProps) {
  const translate = useTranslate();
  const resource = useResourceContext();
  const key = (name: string) => `resources.${resource}.${name}`;
  const filters = [
    ...(search ? [<SearchInput key="q" source="q" alwaysOn placeholder={translate(key('search'))} sx={searchWidth ? { width: searchWidth } : undefined} />] : []),
    ...selects.map(({ source, choices, names, all }) => (
      <SelectInput
        key={source}
        source={source}
        alwaysOn
        emptyText={key(`filters.${all}`)}
        choices={choices.map((id) => ({ id, name: key(`${names}.${id}`) }))}
      />
    )),
  ];
  const props = {
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
    ...(refetchInterval !== undefined && { queryOptions: { refetchInterval } }),
    ...(filterDefaultValues && { filterDefaultValues }),
  };
  const body = (
    <>
      {header}
      <Card variant="outlined" sx={cardSx}>
        <DataTable<R> rowClick={rowClick} bulkActionButtons={false} empty={<NoRows message={key('empty')} />}>
          {children}
        </DataTable>
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
