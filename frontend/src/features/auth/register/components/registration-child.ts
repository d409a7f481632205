import { dietAllowsAllergens, toSubjectSettingsRequest, type ChildFormValues } from '@/lib/child-form/child-form-model';
import type { ChildOptions, RegistrationChild } from '../api/registration';

/** A child of the local list: the form's values (to edit again) and the registerData entry sent with the account. */
export interface ListedChild {
  values: ChildFormValues;
  request: RegistrationChild;
}

/**
 * The child form's values as the spec's registerData child: allergens only where the diet and the tenant allow them;
 * the automark and reminder settings as the child form sends them (with its defaults).
 */
export function toRegistrationChild(values: ChildFormValues, options: ChildOptions): RegistrationChild {
  const dietAllows = dietAllowsAllergens(options.dietsOptions.find((item) => item.value === values.dietId));
  return {
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    institutionId: values.institutionId,
    classroomId: values.classroomId ?? 0,
    dietId: values.dietId ?? 0,
    cardNumber: values.cardNumber.trim() || null,
    allergies: dietAllows && options.settings.allowChangingAllergens ? values.allergies : [],
    allergiesNote: dietAllows && options.settings.allowChangingAllergensNote ? values.allergiesNote.trim() : '',
    generalNote: values.generalNote.trim(),
    ...toSubjectSettingsRequest(values),
  };
}
