import { email, required, SelectInput, TextInput } from 'react-admin';
import { apiSend } from '../../../lib/api';
import { idempotencyKeys } from '../../../lib/idempotency';
import DialogShell, { type DialogSubmit } from '../../components/DialogShell';

type Values = { recipientEmail?: string; method: 'bank' | 'crypto'; note?: string };

const DEFAULTS: Values = { method: 'bank' };
const SUBMITS: [DialogSubmit<'create'>] = [{ mode: 'create', label: 'resources.payouts.create.submit' }];
const METHODS = [
  { id: 'bank', name: 'resources.payouts.method.bank' },
  { id: 'crypto', name: 'resources.payouts.method.crypto' },
];
const keyFor = idempotencyKeys();

/** "Create Payout": a recipient by email; the server pays their approved commissions less their clawbacks (or says why not). */
export default function CreatePayoutDialog() {
  return (
    <DialogShell<Values, 'create'>
      openLabel="resources.payouts.create.open"
      title="resources.payouts.create.title"
      defaultValues={DEFAULTS}
      submits={SUBMITS}
      send={(values) => {
        const body = {
          recipientEmail: values.recipientEmail?.trim(),
          method: values.method,
          note: values.note?.trim() || null,
        };
        return apiSend('POST', '/api/payouts', body, { headers: { 'Idempotency-Key': keyFor(body) } });
      }}
      success={() => 'resources.payouts.create.success'}
      failure={() => 'resources.payouts.create.failed'}
      unknownError="resources.payouts.create.unknown_error"
    >
      <TextInput
        source="recipientEmail"
        type="email"
        label="resources.payouts.create.recipient"
        validate={[required(), email()]}
        helperText="resources.payouts.create.help"
      />
      <SelectInput source="method" label="resources.payouts.create.method" choices={METHODS} validate={required()} />
      <TextInput source="note" label="resources.payouts.create.note" multiline />
    </DialogShell>
  );
}
