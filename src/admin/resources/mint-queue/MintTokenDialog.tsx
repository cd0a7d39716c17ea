import {
  maxLength,
  minLength,
  minValue,
  number,
  NumberInput,
  required,
  TextInput,
  useTranslate,
  type Validator,
} from 'react-admin';
import { apiSend } from '../../../lib/api';
import DialogShell, { type DialogSubmit } from '../../components/DialogShell';
import { mintBody, type MintValues } from './constants';

const wholeNumber: Validator = (value) =>
  value === undefined || value === null || value === '' || Number.isInteger(Number(value))
    ? undefined
    : 'resources.mint-queue.mint.whole_number';

/** The Mint Token form's client-side rules; the server checks the address and the values again. */
const validateWallet = [required()];
const validateCount = [required(), number(), wholeNumber, minValue(1)];
const validateNote = [required(), minLength(3), maxLength(500)];
const DEFAULTS: MintValues = { walletAddress: '', tokenId: 1, amount: 1, note: '' };
const SUBMITS: [DialogSubmit<'mint'>] = [
  { mode: 'mint', label: 'resources.mint-queue.mint.submit', busyLabel: 'resources.mint-queue.mint.submitting' },
];
const field = (name: string) => `resources.mint-queue.fields.${name}`;

/**
 * "Mint Token" button and modal: queues a manual mint job with its reason (POST /api/mint-jobs); above the dual
 * control threshold, or to the caller's own account wallet, the job waits for another member of staff's approval.
 * Server field errors land under their inputs and its sentence above them; success closes, notifies and refreshes.
 */
export default function MintTokenDialog() {
  const translate = useTranslate();
  return (
    <DialogShell
      openLabel="resources.mint-queue.mint.open"
      openVariant="contained"
      title="resources.mint-queue.mint.title"
      defaultValues={DEFAULTS}
      cancel="resources.mint-queue.mint.cancel"
      submits={SUBMITS}
      send={(values) => apiSend('POST', '/api/mint-jobs', mintBody(values))}
      success={() => 'resources.mint-queue.mint.success'}
      errorTestId="mint-error"
      unknownError="resources.mint-queue.unknown_error"
    >
      <TextInput
        source="walletAddress"
        label={field('walletAddress')}
        placeholder={translate('resources.mint-queue.mint.wallet_placeholder')}
        validate={validateWallet}
        autoFocus
        autoComplete="off"
        spellCheck={false}
      />
      <NumberInput source="tokenId" label={field('tokenId')} min={1} step={1} validate={validateCount} />
      <NumberInput source="amount" label={field('amount')} min={1} step={1} validate={validateCount} />
      <TextInput
        source="note"
        label={field('note')}
        helperText="resources.mint-queue.mint.note_help"
        validate={validateNote}
        autoComplete="off"
      />
    </DialogShell>
  );
}
