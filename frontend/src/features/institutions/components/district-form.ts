import { z } from 'zod';
import { defineEntityForm } from '@/components/crud';
import { requiredText } from '@/components/form';
import { districts } from '../api/districts';
import { DistrictFields } from './DistrictFields';
import { DISTRICT_NAME_MAX_LENGTH } from './limits';


export const districtForm = defineEntityForm({
  resource: districts,
  schema: (t) => z.object({ name: requiredText(t, DISTRICT_NAME_MAX_LENGTH) }),
  empty: { name: '' },
  toValues: (district) => ({ name: district.name }),
  toCreate: (values) => values,
  Fields: DistrictFields,
});
