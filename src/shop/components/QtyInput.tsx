import { useState } from 'react';
import { Box } from '@mui/material';
import { clampQty, MAX_QTY } from '../cart';
import { useI18n } from '../i18n';

const stepSx = {
  width: 34,
  border: 0,
  bgcolor: 'transparent',
  color: 'text.primary',
  font: 'inherit',
  fontSize: 18,
  cursor: 'pointer',
  '&:hover:not(:disabled)': { bgcolor: 'action.hover' },
  '&:disabled': { color: 'text.disabled', cursor: 'default' },
  '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: -2 },
} as const;

/**
 * − [n] +, plain elements (it is on the product cards of the first page). What is typed stays as typed while it
 * is not a quantity yet (an emptied box), and snaps back to the last good one on blur.
 */
export function QtyInput({
  value,
  onChange,
  label,
  max = MAX_QTY,
}: {
  value: number;
  onChange: (qty: number) => void;
  label: string;
  max?: number;
}) {
  const { m } = useI18n();
  const [draft, setDraft] = useState(String(value));
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setDraft(String(value));
  }
  const commit = (qty: number) => onChange(clampQty(qty, max));
  return (
    <Box
      sx={{
        display: 'inline-flex',
        height: 36,
        border: 1,
        borderColor: 'divider',
        borderRadius: 1.25,
        overflow: 'hidden',
        bgcolor: 'background.paper',
        flexShrink: 0,
      }}
    >
      <Box
        component="button"
        type="button"
        aria-label={m.cart.decrease}
        disabled={value <= 1}
        onClick={() => commit(value - 1)}
        sx={stepSx}
      >
        −
      </Box>
      <Box
        component="input"
        type="number"
        inputMode="numeric"
        min={1}
        max={max}
        aria-label={label}
        value={draft}
        onChange={(e: React.ChangeEvent<HTMLInputElement>) => {
          setDraft(e.target.value);
          const n = Number(e.target.value);
          if (e.target.value !== '' && Number.isInteger(n) && n >= 1) commit(n);
        }}
        onBlur={() => setDraft(String(value))}
        sx={{
          width: 52,
          border: 0,
          borderInline: 1,
          borderColor: 'divider',
          textAlign: 'center',
          font: 'inherit',
          color: 'inherit',
          bgcolor: 'transparent',
          MozAppearance: 'textfield',
          '&::-webkit-inner-spin-button, &::-webkit-outer-spin-button': { WebkitAppearance: 'none', m: 0 },
          '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: -2 },
        }}
      />
      <Box
        component="button"
        type="button"
        aria-label={m.cart.increase}
        disabled={value >= max}
        onClick={() => commit(value + 1)}
        sx={stepSx}
      >
        +
      </Box>
    </Box>
  );
}
