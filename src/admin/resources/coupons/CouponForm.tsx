import { DateInput, NumberInput, SelectInput, SimpleForm, TextInput } from 'react-admin';
import { DISCOUNT_TYPES } from '../../../common/coupons';
import Row from '../../components/FormRow';
import { endOfUtcDay, utcDay } from './couponDates';
import * as v from './couponValidation';
import { ChangedMeanwhile } from '../../components/ChangedMeanwhile';

const typeChoices = DISCOUNT_TYPES.map((id) => ({ id, name: `resources.coupons.discount_type.${id}` }));

export const couponDefaults = { discountType: 'percentage' };

const help = (name: string) => `resources.coupons.help.${name}`;

/** The coupon fields shared by create and edit; server field errors land on the matching input. */
export default function CouponForm({ defaultValues }: { defaultValues?: Record<string, unknown> }) {
  return (
    <SimpleForm defaultValues={defaultValues} warnWhenUnsavedChanges noValidate>
      <ChangedMeanwhile />
      <Row>
        <TextInput source="code" validate={v.validateCode} helperText={help('code')} />
        <SelectInput source="discountType" choices={typeChoices} validate={v.validateDiscountType} />
        <NumberInput
          source="discountValue"
          step={0.01}
          min={0}
          validate={v.validateDiscountValue}
          helperText={help('discountValue')}
        />
      </Row>
      <Row>
        <NumberInput
          source="usageLimit"
          step={1}
          min={1}
          validate={v.validateUsageLimit}
          helperText={help('usageLimit')}
        />
        <NumberInput
          source="perCustomerLimit"
          step={1}
          min={1}
          validate={v.validatePerCustomerLimit}
          helperText={help('perCustomerLimit')}
        />
        <NumberInput
          source="minimumSubtotal"
          step={0.01}
          min={0}
          validate={v.validateMinimumSubtotal}
          helperText={help('minimumSubtotal')}
        />
      </Row>
      <Row>
        <DateInput source="startDate" format={utcDay} helperText={help('startDate')} />
        <DateInput
          source="endDate"
          format={utcDay}
          parse={endOfUtcDay}
          validate={v.validateEndDate}
          helperText={help('endDate')}
        />
      </Row>
      <TextInput source="description" multiline minRows={2} validate={v.validateDescription} />
    </SimpleForm>
  );
}
