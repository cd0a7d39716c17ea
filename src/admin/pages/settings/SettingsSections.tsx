import { Stack } from '@mui/material';
import { BooleanInput, NumberInput, required, SelectInput, TextInput } from 'react-admin';
import { CURRENCIES, LANGUAGES, TIMEZONES } from '../../../common/settings';
import Row from '../../components/FormRow';
import Panel from '../../components/Panel';

const label = (field: string) => `app.settings.fields.${field}`;
const help = (field: string) => `app.settings.help.${field}`;
const plain = (values: readonly string[]) => values.map((id) => ({ id, name: id }));
const languages = LANGUAGES.map((id) => ({ id, name: `app.settings.languages.${id}` }));
/** An emptied optional amount is sent as null ("never"), not as an empty string. */
const orNull = (value: unknown) => (value === '' || value === undefined ? null : value);
/** An emptied optional text (the payout token rate) is sent as null ("off"). */
const blankNull = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

/** The settings form's inputs, one card per group; the server validates every value and names the field it refuses. */
export default function SettingsSections() {
  return (
    <Stack spacing={2}>
      <Panel title="app.settings.sections.general">
        <Row>
          <TextInput source="siteName" label={label('siteName')} validate={required()} />
          <TextInput source="siteUrl" type="url" label={label('siteUrl')} helperText={help('siteUrl')} />
        </Row>
        <Row>
          <SelectInput source="timezone" label={label('timezone')} choices={plain(TIMEZONES)} validate={required()} />
          <SelectInput source="language" label={label('language')} choices={languages} validate={required()} />
          <SelectInput source="currency" label={label('currency')} choices={plain(CURRENCIES)} validate={required()} />
        </Row>
      </Panel>
      <Panel title="app.settings.sections.notifications">
        <BooleanInput source="notifications" label={label('notifications')} />
        <BooleanInput source="emailNotifications" label={label('emailNotifications')} />
        <BooleanInput source="smsNotifications" label={label('smsNotifications')} />
      </Panel>
      <Panel title="app.settings.sections.security">
        <BooleanInput source="twoFactorAuth" label={label('twoFactorAuth')} />
        <Row>
          <NumberInput source="sessionTimeout" label={label('sessionTimeout')} min={1} step={1} validate={required()} />
          <NumberInput
            source="sessionMaxHours"
            label={label('sessionMaxHours')}
            min={1}
            max={720}
            step={1}
            validate={required()}
            helperText={help('sessionMaxHours')}
          />
          <NumberInput
            source="maxLoginAttempts"
            label={label('maxLoginAttempts')}
            min={1}
            step={1}
            validate={required()}
            helperText={help('maxLoginAttempts')}
          />
        </Row>
      </Panel>
      <Panel title="app.settings.sections.commerce">
        <Row>
          <NumberInput
            source="taxRatePercent"
            label={label('taxRatePercent')}
            min={0}
            max={100}
            step={0.01}
            validate={required()}
          />
          <NumberInput source="shippingFee" label={label('shippingFee')} min={0} step={0.01} validate={required()} />
          <NumberInput
            source="freeShippingOver"
            label={label('freeShippingOver')}
            min={0}
            step={0.01}
            parse={orNull}
            helperText={help('freeShippingOver')}
          />
          <NumberInput
            source="checkoutTtlMinutes"
            label={label('checkoutTtlMinutes')}
            min={1}
            step={1}
            validate={required()}
          />
          <NumberInput
            source="couponHoldMinutes"
            label={label('couponHoldMinutes')}
            min={1}
            max={1440}
            step={1}
            validate={required()}
            helperText={help('couponHoldMinutes')}
          />
          <NumberInput
            source="kycRequiredAbove"
            label={label('kycRequiredAbove')}
            min={0}
            step={0.01}
            parse={orNull}
            helperText={help('kycRequiredAbove')}
          />
        </Row>
      </Panel>
      <Panel title="app.settings.sections.referrals">
        <Row>
          <NumberInput
            source="commissionHoldDays"
            label={label('commissionHoldDays')}
            min={0}
            step={1}
            validate={required()}
            helperText={help('commissionHoldDays')}
          />
          <NumberInput
            source="minimumPayout"
            label={label('minimumPayout')}
            min={0}
            step={0.01}
            validate={required()}
            helperText={help('minimumPayout')}
          />
          <TextInput
            source="payoutTokenRate"
            label={label('payoutTokenRate')}
            parse={blankNull}
            helperText={help('payoutTokenRate')}
            sx={{ minWidth: 320 }}
          />
        </Row>
      </Panel>
      <Panel title="app.settings.sections.membership">
        <Row>
          <NumberInput
            source="pointsPerCurrencyUnit"
            label={label('pointsPerCurrencyUnit')}
            min={0}
            step={1}
            validate={required()}
            helperText={help('pointsPerCurrencyUnit')}
          />
          <NumberInput
            source="redemptionPointsPerCurrencyUnit"
            label={label('redemptionPointsPerCurrencyUnit')}
            min={1}
            step={1}
            validate={required()}
          />
          <NumberInput
            source="pointsPerToken"
            label={label('pointsPerToken')}
            min={1}
            step={1}
            validate={required()}
            helperText={help('pointsPerToken')}
          />
          <TextInput
            source="loyaltyTokenId"
            label={label('loyaltyTokenId')}
            validate={required()}
            helperText={help('loyaltyTokenId')}
          />
        </Row>
      </Panel>
      <Panel title="app.settings.sections.approvals">
        <Row>
          <NumberInput
            source="payoutDualControlAbove"
            label={label('payoutDualControlAbove')}
            min={0}
            step={0.01}
            validate={required()}
            helperText={help('payoutDualControlAbove')}
          />
          <NumberInput
            source="manualMintDualControlAbove"
            label={label('manualMintDualControlAbove')}
            min={0}
            step={1}
            validate={required()}
            helperText={help('manualMintDualControlAbove')}
          />
        </Row>
      </Panel>
    </Stack>
  );
}
