import { InputAdornment } from '@mui/material';
import { BooleanInput, NumberInput, SelectInput, SimpleForm, TextInput, useTranslate } from 'react-admin';
import { MEMBER_LEVELS } from '../../../common/membership';
import { CURRENCIES } from '../../../common/settings';
import { useWatch } from 'react-hook-form';
import {
  DEFAULT_TOKEN_TYPE,
  PRODUCT_STATUSES,
  requiresVerifiedHoldersByDefault,
  RWA_TYPES,
  TOKEN_TYPES,
} from '../../../common/products';
import Row from '../../components/FormRow';
import { useFormat } from '../../hooks/useFormat';
import { usePublicSettings } from '../../hooks/usePublicSettings';
import * as v from './productValidation';
import { ChangedMeanwhile } from '../../components/ChangedMeanwhile';

const statusChoices = PRODUCT_STATUSES.map((id) => ({ id, name: `resources.products.status.${id}` }));
const rwaTypeChoices = RWA_TYPES.map((id) => ({ id, name: `resources.products.rwa_type.${id}` }));
const levelChoices = MEMBER_LEVELS.map((id) => ({ id, name: `app.membership.levels.${id}` }));
const tokenTypeChoices = TOKEN_TYPES.map((id) => ({ id, name: id }));
const currencyChoices = CURRENCIES.map((id) => ({ id, name: id }));

export const productDefaults = {
  status: 'draft',
  tokenType: DEFAULT_TOKEN_TYPE,
  stock: 0,
};

/** Left untouched on a new product, the switch shows (and the server applies) the default of the type chosen. */
function RequiresVerifiedHoldersInput() {
  const rwaType = useWatch({ name: 'rwaType' }) as string | undefined;
  return (
    <BooleanInput
      source="requiresVerifiedHolders"
      format={(on: boolean | null | undefined) => on ?? requiresVerifiedHoldersByDefault(rwaType ?? '')}
      helperText="resources.products.requires_verified_holders_help"
    />
  );
}

/** The product fields shared by create and edit; server field errors land on the matching input. */
export default function ProductForm({ defaultValues }: { defaultValues?: Record<string, unknown> }) {
  const { cryptoSymbol } = useFormat();
  const translate = useTranslate();
  const chain = usePublicSettings();
  return (
    <SimpleForm defaultValues={defaultValues} warnWhenUnsavedChanges noValidate>
      <ChangedMeanwhile />
      <Row>
        <TextInput source="title" validate={v.validateTitle} />
        <TextInput source="sku" validate={v.validateSku} />
      </Row>
      <TextInput source="description" multiline minRows={2} validate={v.validateDescription} />
      <Row>
        <TextInput source="category" validate={v.validateCategory} />
        <TextInput source="image" validate={v.validateImage} />
      </Row>
      <Row>
        <NumberInput source="priceFiat" step={0.01} min={0} validate={v.validatePriceFiat} />
        <TextInput
          source="priceCrypto"
          type="number"
          slotProps={{
            htmlInput: { step: '0.00000001', min: 0 },
            input: { endAdornment: cryptoSymbol && <InputAdornment position="end">{cryptoSymbol}</InputAdornment> },
          }}
          validate={v.validatePriceCrypto}
        />
        <NumberInput source="stock" step={1} min={0} validate={v.validateStock} />
      </Row>
      <Row>
        <SelectInput source="rwaType" choices={rwaTypeChoices} validate={v.validateChoice} />
        <SelectInput source="status" choices={statusChoices} validate={v.validateChoice} />
        <SelectInput
          source="minMemberLevel"
          choices={levelChoices}
          emptyText="resources.products.everyone"
          helperText="resources.products.min_member_level_help"
          parse={(value: string) => value || null}
        />
      </Row>
      {/* The chain is the one tokens are minted on, never typed: the switch marks the product tokenised on its contract. */}
      <BooleanInput
        source="contract"
        defaultValue={null}
        label="resources.products.tokenised"
        format={(contract: string | null | undefined) => !!contract}
        parse={(on: boolean) => (on ? (chain?.tokenContract ?? null) : null)}
        disabled={!chain}
        helperText={
          chain
            ? translate('resources.products.tokenised_help', { chainId: chain.chainId, contract: chain.tokenContract })
            : false
        }
      />
      <RequiresVerifiedHoldersInput />
      <Row>
        <SelectInput source="tokenType" choices={tokenTypeChoices} translateChoice={false} />
        <TextInput source="tokenId" validate={v.validateTokenId} />
      </Row>
      {/* What the token's metadata says of the asset (GET /api/tokens/{id}). */}
      <Row>
        <TextInput source="issuer" validate={v.validateParty} parse={(value: string) => value || null} />
        <TextInput source="custodian" validate={v.validateParty} parse={(value: string) => value || null} />
      </Row>
      <Row>
        <NumberInput source="valuationFiat" step={0.01} min={0} validate={v.validateValuation} />
        <SelectInput
          source="valuationCurrency"
          choices={currencyChoices}
          translateChoice={false}
          parse={(value: string) => value || null}
        />
        <TextInput
          source="valuedOn"
          type="date"
          slotProps={{ inputLabel: { shrink: true } }}
          validate={v.validateValuedOn}
          parse={(value: string) => value || null}
        />
      </Row>
    </SimpleForm>
  );
}
