import EditIcon from '@mui/icons-material/Edit';
import {
  Box,
  Chip,
  LinearProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { BooleanInput, maxValue, minValue, number, NumberInput, required, useTranslate } from 'react-admin';
import type { MemberLevel } from '../../../common/membership';
import { apiSend } from '../../../lib/api';
import DialogShell, { type DialogSubmit } from '../../components/DialogShell';
import { scrollCue } from '../../components/scrollCue';
import { isWholeNumber, when } from '../../components/validators';
import { useFormat } from '../../hooks/useFormat';
import { LevelChip } from './MembershipChips';

const O = 'app.membership.overview';
const F = 'app.membership.level_form';

type LevelValues = {
  minPoints: number;
  minOrders: number;
  discountPercent: number;
  freeShipping: boolean;
  prioritySupport: boolean;
  exclusiveProducts: boolean;
};
const SAVE: [DialogSubmit<'save'>] = [{ mode: 'save', label: `${F}.save`, busyLabel: `${F}.saving` }];
const countRules = [required(), number(), when(isWholeNumber, 'app.membership.add_points.whole'), minValue(0)];
const discountRules = [required(), number(), minValue(0), maxValue(100)];

const BENEFITS = [
  ['freeShipping', 'free_shipping'],
  ['prioritySupport', 'priority_support'],
  ['exclusiveProducts', 'exclusive_products'],
] as const;

/** The discount is a fraction on the wire and a percentage in the form; hundredths of a percent at most. */
const toPercent = (fraction: number) => Math.round(fraction * 10_000) / 100;
const toFraction = (percent: number) => Math.round(percent * 100) / 10_000;

/** An administrator's edit of one level: thresholds, discount and the three other benefits. */
function EditLevelDialog({ level }: { level: MemberLevel }) {
  const translate = useTranslate();
  const name = translate(`app.membership.levels.${level.name}`, { _: level.name });
  return (
    <DialogShell<LevelValues, 'save'>
      openLabel={`${O}.edit`}
      openIcon={<EditIcon />}
      title={translate(`${F}.title`, { level: name })}
      defaultValues={{
        minPoints: level.minPoints,
        minOrders: level.minOrders,
        discountPercent: toPercent(level.discount),
        freeShipping: level.freeShipping,
        prioritySupport: level.prioritySupport,
        exclusiveProducts: level.exclusiveProducts,
      }}
      submits={SAVE}
      cancel={`${F}.cancel`}
      send={(v) =>
        apiSend('PUT', `/api/membership/levels/${encodeURIComponent(level.name)}`, {
          minPoints: Number(v.minPoints),
          minOrders: Number(v.minOrders),
          discount: toFraction(Number(v.discountPercent)),
          freeShipping: v.freeShipping,
          prioritySupport: v.prioritySupport,
          exclusiveProducts: v.exclusiveProducts,
        })
      }
      success={() => `${F}.saved`}
      errorTestId="level-error"
      unknownError="app.membership.unknown_error"
    >
      <NumberInput source="minPoints" label={`${F}.min_points`} step={1} min={0} validate={countRules} autoFocus />
      <NumberInput source="minOrders" label={`${F}.min_orders`} step={1} min={0} validate={countRules} />
      <NumberInput
        source="discountPercent"
        label={`${F}.discount`}
        step={0.01}
        min={0}
        max={100}
        helperText={`${F}.discount_help`}
        validate={discountRules}
      />
      <BooleanInput source="freeShipping" label={`${F}.free_shipping`} />
      <BooleanInput source="prioritySupport" label={`${F}.priority_support`} />
      <BooleanInput source="exclusiveProducts" label={`${F}.exclusive_products`} />
    </DialogShell>
  );
}

/** The levels from BRONZE up: name, Min Points, Min Orders, Discount, the other benefits; Edit for administrators. */
export default function LevelsTab({
  levels,
  loading,
  current,
  canEdit,
}: {
  levels: MemberLevel[] | undefined;
  loading: boolean;
  current?: string;
  canEdit: boolean;
}) {
  const translate = useTranslate();
  const { number, percent } = useFormat();
  if (loading) return <LinearProgress />;
  if (!levels?.length) return <Typography sx={{ p: 2 }}>{translate(`${O}.empty`)}</Typography>;
  const benefitNames = (l: MemberLevel) =>
    BENEFITS.filter(([field]) => l[field]).map(([, key]) => translate(`app.membership.card.${key}`));
  return (
    <Box>
      <Typography variant="subtitle1" sx={{ mb: 1 }}>
        {translate(`${O}.title`)}
      </Typography>
      <TableContainer sx={scrollCue}>
        <Table size="small" data-testid="levels-table">
          <TableHead>
            <TableRow>
              <TableCell>{translate(`${O}.name`)}</TableCell>
              <TableCell align="right">{translate(`${O}.min_points`)}</TableCell>
              <TableCell align="right">{translate(`${O}.min_orders`)}</TableCell>
              <TableCell align="right">{translate(`${O}.discount`)}</TableCell>
              <TableCell>{translate(`${O}.benefits`)}</TableCell>
              {canEdit && <TableCell>{translate(`${O}.actions`)}</TableCell>}
            </TableRow>
          </TableHead>
          <TableBody>
            {levels.map((l) => (
              <TableRow key={l.name} data-testid={`level-${l.name}`} selected={l.name === current}>
                <TableCell>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <LevelChip level={l.name} />
                    {l.name === current && <Chip size="small" variant="outlined" label={translate(`${O}.current`)} />}
                  </Stack>
                </TableCell>
                <TableCell align="right">{number(l.minPoints)}</TableCell>
                <TableCell align="right">{number(l.minOrders)}</TableCell>
                <TableCell align="right">{percent(l.discount)}</TableCell>
                <TableCell>{benefitNames(l).join(' · ') || '—'}</TableCell>
                {canEdit && (
                  <TableCell>
                    <EditLevelDialog level={l} />
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}
