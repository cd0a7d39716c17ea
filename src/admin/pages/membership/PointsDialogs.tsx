import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import { Typography } from '@mui/material';
import {
  maxLength,
  maxValue,
  minValue,
  number,
  NumberInput,
  required,
  TextInput,
  useTranslate,
  type Validator,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import { LOYALTY_TOKEN, POINTS_TOKEN, type Member } from '../../../common/membership';
import { apiSend } from '../../../lib/api';
import { affordableTokens } from '../../../lib/membership';
import DialogShell, { type DialogSubmit } from '../../components/DialogShell';
import { isWholeNumber, when } from '../../components/validators';
import { useFormat } from '../../hooks/useFormat';

const A = 'app.membership.add_points';
const C = 'app.membership.convert';

const notZero: Validator = (value) => (Number(value) === 0 ? `${A}.not_zero` : undefined);
const pointsRules = [required(), number(), when(isWholeNumber, `${A}.whole`), notZero];
const reasonRules = [required(), maxLength(500)];

type AddValues = { amount: number | null; reason: string };
const ADD: [DialogSubmit<'add'>] = [{ mode: 'add', label: `${A}.submit`, busyLabel: `${A}.busy` }];

/** Staff: points added to (or, negative, removed from) a member with the reason kept in their history. */
export function AddPointsDialog({ member }: { member: Member }) {
  const translate = useTranslate();
  return (
    <DialogShell<AddValues, 'add'>
      openLabel={`${A}.open`}
      openVariant="contained"
      title={translate(`${A}.title`, { email: member.email })}
      defaultValues={{ amount: null, reason: '' }}
      submits={ADD}
      cancel={`${A}.cancel`}
      send={(v) =>
        apiSend('POST', '/api/membership/points/add', {
          email: member.email,
          amount: Number(v.amount),
          reason: v.reason.trim(),
        })
      }
      success={() => `${A}.success`}
      errorTestId="add-points-error"
      unknownError="app.membership.unknown_error"
    >
      <NumberInput
        source="amount"
        label={`${A}.amount`}
        step={1}
        helperText={`${A}.amount_help`}
        validate={pointsRules}
        autoFocus
      />
      <TextInput
        source="reason"
        label={`${A}.reason`}
        helperText={`${A}.reason_help`}
        validate={reasonRules}
        multiline
      />
    </DialogShell>
  );
}

/** What the chosen number of tokens costs, under the input. */
function Cost({ rate }: { rate: number }) {
  const translate = useTranslate();
  const { number: num } = useFormat();
  const tokens = Number(useWatch({ name: 'tokens' }) ?? 0);
  return (
    <Typography variant="body2" color="text.secondary" data-testid="convert-cost">
      {translate(`${C}.amount_help`, { points: num(Number.isFinite(tokens) ? tokens * rate : 0) })}
    </Typography>
  );
}

type ConvertValues = { tokens: number | null };
const CONVERT: [DialogSubmit<'convert'>] = [{ mode: 'convert', label: `${C}.submit`, busyLabel: `${C}.busy` }];

/** The member turns points into the loyalty token at the settings' rate; the mint queue mints it to their wallet. */
export function ConvertTokensDialog({ member }: { member: Member }) {
  const translate = useTranslate();
  const rate = member.rates.pointsPerToken;
  const token = translate(`app.membership.conversions.tokens.${LOYALTY_TOKEN}`);
  const { number: num } = useFormat();
  const max = affordableTokens(member.totalPoints, rate);
  const tokenRules = [
    required(),
    number(),
    when(isWholeNumber, `${A}.whole`),
    minValue(1),
    maxValue(Math.max(1, max), translate(`${C}.too_many`, { max: num(max) })),
  ];
  return (
    <DialogShell<ConvertValues, 'convert'>
      openLabel={`${C}.open`}
      openIcon={<SwapHorizIcon />}
      title={`${C}.title`}
      defaultValues={{ tokens: max > 0 ? 1 : null }}
      submits={CONVERT}
      cancel={`${C}.cancel`}
      send={(v) =>
        apiSend('POST', '/api/membership/tokens/convert', {
          fromToken: POINTS_TOKEN,
          toToken: LOYALTY_TOKEN,
          amount: Number(v.tokens) * rate,
        })
      }
      success={() => `${C}.success`}
      errorTestId="convert-error"
      unknownError="app.membership.unknown_error"
    >
      <Typography sx={{ mb: 2 }}>
        {member.walletAddress
          ? translate(`${C}.intro`, {
              rate: num(rate),
              token,
              wallet: member.walletAddress,
              points: num(member.totalPoints),
            })
          : translate(`${C}.no_wallet`)}
      </Typography>
      <NumberInput
        source="tokens"
        label={translate(`${C}.amount`)}
        step={1}
        min={1}
        max={max}
        validate={tokenRules}
        autoFocus
      />
      <Cost rate={rate} />
    </DialogShell>
  );
}
