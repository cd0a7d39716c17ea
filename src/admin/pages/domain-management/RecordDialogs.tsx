import EditIcon from '@mui/icons-material/Edit';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import {
  BooleanInput,
  maxLength,
  maxValue,
  minValue,
  NumberInput,
  required,
  SelectInput,
  TextInput,
  useTranslate,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import {
  DNS_SCRIPTS,
  DNS_TTL_DEFAULT,
  DNS_TTL_MAX,
  DNS_TTL_MIN,
  DNS_TYPES,
  SCRIPT_DNS_TYPES,
  TXT_MAX_LENGTH,
  type DnsRecord,
  type DnsScriptResult,
} from '../../../common/domain';
import { ApiError, apiSend } from '../../../lib/api';
import DialogShell, { type DialogSubmit } from '../../components/DialogShell';

const T = 'app.domain.form';
type RecordValues = { domain?: string; type?: string; value?: string; ttl?: number | null; isActive?: boolean };

const typeChoices = (types: readonly string[]) => types.map((t) => ({ id: t, name: t }));
const ttlRules = [required(), minValue(DNS_TTL_MIN), maxValue(DNS_TTL_MAX)];

/** The value's help follows the chosen type. */
function ValueInput({ source = 'value', typeSource = 'type' }: { source?: string; typeSource?: string }) {
  const translate = useTranslate();
  const type = useWatch({ name: typeSource }) as string | undefined;
  return (
    <TextInput
      source={source}
      label={`${T}.value`}
      helperText={type ? translate(`${T}.value_help.${type}`) : false}
      validate={[required(), maxLength(TXT_MAX_LENGTH)]}
      multiline={type === 'TXT'}
    />
  );
}

function RecordFields({ zones, edit }: { zones: string[]; edit?: boolean }) {
  const translate = useTranslate();
  return (
    <>
      <TextInput
        source="domain"
        label={`${T}.domain`}
        helperText={translate(`${T}.domain_help`, { zones: zones.join(', ') })}
        validate={[required(), maxLength(254)]}
      />
      <SelectInput source="type" label={`${T}.type`} choices={typeChoices(DNS_TYPES)} validate={required()} />
      <ValueInput />
      <NumberInput source="ttl" label={`${T}.ttl`} step={1} min={DNS_TTL_MIN} max={DNS_TTL_MAX} validate={ttlRules} />
      {edit && <BooleanInput source="isActive" label={`${T}.active`} />}
    </>
  );
}

const CREATE: [DialogSubmit<'create'>] = [{ mode: 'create', label: `${T}.create_submit`, busyLabel: `${T}.creating` }];
const SAVE: [DialogSubmit<'save'>] = [{ mode: 'save', label: `${T}.save`, busyLabel: `${T}.saving` }];

/** "Create DNS Record": the server checks the value for its type and the zone; its sentences land under the fields. */
export function CreateRecordDialog({ zones }: { zones: string[] }) {
  return (
    <DialogShell<RecordValues, 'create'>
      openLabel={`${T}.create_open`}
      openVariant="contained"
      title={`${T}.create_title`}
      defaultValues={{ type: 'A', ttl: DNS_TTL_DEFAULT }}
      submits={CREATE}
      cancel={`${T}.cancel`}
      send={(v) =>
        apiSend('POST', '/api/domain/record/create', {
          domain: v.domain,
          type: v.type,
          value: v.value,
          ttl: v.ttl ?? DNS_TTL_DEFAULT,
        })
      }
      success={() => `${T}.created`}
      errorTestId="dns-create-error"
      unknownError={`${T}.unknown_error`}
    >
      <RecordFields zones={zones} />
    </DialogShell>
  );
}

/** Edit on a record's card: every field, and active or not. */
export function EditRecordDialog({ record, zones }: { record: DnsRecord; zones: string[] }) {
  return (
    <DialogShell<RecordValues, 'save'>
      openLabel="app.domain.records.edit"
      openIcon={<EditIcon />}
      title={`${T}.edit_title`}
      defaultValues={{
        domain: record.domain,
        type: record.type,
        value: record.value,
        ttl: record.ttl,
        isActive: record.isActive,
      }}
      submits={SAVE}
      cancel={`${T}.cancel`}
      send={(v) =>
        apiSend('PUT', `/api/domain/records/${record.id}`, {
          domain: v.domain,
          type: v.type,
          value: v.value,
          ttl: v.ttl,
          isActive: v.isActive,
        })
      }
      success={() => `${T}.saved`}
      errorTestId="dns-edit-error"
      unknownError={`${T}.unknown_error`}
    >
      <RecordFields zones={zones} edit />
    </DialogShell>
  );
}

type ScriptValues = {
  scriptName?: string;
  parameters?: { domain?: string; type?: string; value?: string; ttl?: number | null };
};
const RUN: [DialogSubmit<'run'>] = [
  { mode: 'run', label: 'app.domain.script.submit', busyLabel: 'app.domain.script.running' },
];
const SCRIPT_KEYS: Record<string, string> = {
  'Create DNS Record': 'create',
  'Update DNS Record': 'update',
  'Delete DNS Record': 'delete',
};
const PARAMS = ['domain', 'type', 'value', 'ttl'];

/** "Execute Script": Create, Update or Delete DNS Record with its parameters, run by the server as one audited operation. */
export function ExecuteScriptDialog({ onDone }: { onDone: (output: string) => void }) {
  const translate = useTranslate();
  const send = async (v: ScriptValues) => {
    const p = v.parameters ?? {};
    try {
      const result = await apiSend<DnsScriptResult>('POST', '/api/domain/script/execute', {
        scriptName: v.scriptName,
        parameters: { domain: p.domain, type: p.type, value: p.value, ...(p.ttl ? { ttl: p.ttl } : {}) },
      });
      onDone(result.output);
    } catch (e) {
      // The record's own checks name "value", "domain"…: here those inputs live under "parameters".
      if (e instanceof ApiError && e.fields) {
        const fields = Object.fromEntries(
          Object.entries(e.fields).map(([k, m]) => [PARAMS.includes(k) ? `parameters.${k}` : k, m]),
        );
        throw new ApiError(e.message, e.status, { code: e.code, fields, body: e.body });
      }
      throw e;
    }
  };
  return (
    <DialogShell<ScriptValues, 'run'>
      openLabel="app.domain.script.open"
      openIcon={<PlayArrowIcon />}
      title="app.domain.script.title"
      defaultValues={{ scriptName: DNS_SCRIPTS[0], parameters: { type: 'A' } }}
      submits={RUN}
      cancel={`${T}.cancel`}
      send={send}
      success={() => 'app.domain.script.ok'}
      errorTestId="dns-script-error"
      unknownError={`${T}.unknown_error`}
    >
      <SelectInput
        source="scriptName"
        label="app.domain.script.name"
        choices={DNS_SCRIPTS.map((s) => ({ id: s, name: translate(`app.domain.script.names.${SCRIPT_KEYS[s]}`) }))}
        validate={required()}
      />
      <TextInput source="parameters.domain" label={`${T}.domain`} validate={[required(), maxLength(254)]} />
      <SelectInput
        source="parameters.type"
        label={`${T}.type`}
        choices={typeChoices(SCRIPT_DNS_TYPES)}
        validate={required()}
      />
      <ValueInput source="parameters.value" typeSource="parameters.type" />
      <NumberInput
        source="parameters.ttl"
        label="app.domain.script.ttl"
        step={1}
        min={DNS_TTL_MIN}
        max={DNS_TTL_MAX}
        validate={[minValue(DNS_TTL_MIN), maxValue(DNS_TTL_MAX)]}
      />
    </DialogShell>
  );
}
