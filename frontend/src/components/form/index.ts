export {
  CheckboxField,
  DateField,
  MoneyField,
  MultiSelectField,
  NumberField,
  SelectField,
  TEXTAREA_ROWS,
  TextAreaField,
  TextField,
  type FieldProps,
} from './fields';
export { decimalAmount, optionalId, optionalInteger, optionalText, requiredChoice, requiredText } from './schemas';
