import { Box, Checkbox, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useListContext, useTranslate, type Identifier } from 'react-admin';

/**
 * Row selection for a list shown as cards or items rather than a table, kept in the list's context as a table's is,
 * so the bulk buttons (BulkActionButton) read it the same way.
 */

/** The checkbox of one item, labelled with the item's name for screen readers. */
export function SelectBox({ id, name }: { id: Identifier; name: string }) {
  const translate = useTranslate();
  const { selectedIds, onToggleItem } = useListContext();
  return (
    <Checkbox
      size="small"
      checked={selectedIds.includes(id)}
      onChange={() => onToggleItem(id)}
      sx={{ p: 0.5 }}
      slotProps={{ input: { 'aria-label': translate('app.bulk.select_item', { name }) } }}
    />
  );
}

/** Select all (on this page), the count selected, and the bulk buttons while anything is selected. */
export function SelectionBar({ children }: { children: ReactNode }) {
  const translate = useTranslate();
  const { data, selectedIds, onSelect, onUnselectItems } = useListContext();
  if (!data?.length) return null;
  const ids = data.map((r) => r.id);
  const all = ids.every((id) => selectedIds.includes(id));
  const some = selectedIds.length > 0;
  return (
    <Box
      data-testid="selection-bar"
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1, minHeight: 40 }}
    >
      <Checkbox
        size="small"
        checked={all}
        indeterminate={some && !all}
        onChange={() => (all ? onUnselectItems() : onSelect(ids))}
        slotProps={{ input: { 'aria-label': translate('ra.action.select_all') } }}
      />
      {some && (
        <>
          <Typography variant="body2" color="text.secondary">
            {translate('ra.action.bulk_actions', { smart_count: selectedIds.length })}
          </Typography>
          {children}
        </>
      )}
    </Box>
  );
}
