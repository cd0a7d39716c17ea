import { Box, Button, CircularProgress, Typography } from '@mui/material';
import { useInfinitePaginationContext, useListContext, useTranslate } from 'react-admin';
import { useFormat } from '../hooks/useFormat';

/** The pagination of an infinite list: how many are shown, and a "Load More" button while more exist. */
export default function LoadMoreButton() {
  const translate = useTranslate();
  const { number } = useFormat();
  const { data, total, isPending, error } = useListContext();
  const { hasNextPage, fetchNextPage, isFetchingNextPage } = useInfinitePaginationContext();
  const shown = data?.length ?? 0;
  if (isPending || error || shown === 0) return null;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 2, py: 2 }}>
      <Typography variant="body2" color="text.secondary">
        {translate('app.list.shown', { shown: number(shown), total: number(total ?? shown) })}
      </Typography>
      {hasNextPage && (
        <Button
          variant="outlined"
          onClick={() => fetchNextPage?.()}
          disabled={isFetchingNextPage}
          startIcon={isFetchingNextPage ? <CircularProgress size={16} /> : undefined}
        >
          {translate('app.list.load_more')}
        </Button>
      )}
    </Box>
  );
}
