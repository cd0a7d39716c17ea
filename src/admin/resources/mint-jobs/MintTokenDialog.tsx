import { minValue, number, NumberInput, required, TextInput, useTranslate, type Validator } from 'react-admin';
import { apiSend } from '../../../lib/api';
import DialogShell, { type DialogSubmit } from '../../components/DialogShell';
import { mintBody, type MintValues } from './constants';

const wholeNumber: Validator = (value) =>
  value === undefined || value === null || value === '' || Number.isInteger(Number(value)) ? undefined : 'resources.mint-queue.mint.whole_number';

/** Client-side rules (SPEC §5 Mint form); the server checks the address and the values again. */
const validateWallet = [required()];
const validateCount = [required(), number(), wholeNumber, minValue(1)];
const DEFAULTS: MintValues = { walletAddress: '', tokenId: 1, amount: 1 };
const SUBMITS: [DialogSubmit<'mint'>] = [{ mode: 'mint', label: 'resources.mint-queue.mint.submit', busyLabel: 'resources.mint-queue.mint.submitting' }];
const field = (name: string) => `resources.mint-queue.fields.${name}`;

/**
 * "Mint Token" button and modal: queues a manual mint job (POST /api/mint-jobs).
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
    </DialogShell>
  );
}
