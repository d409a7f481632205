import { describe, expect, it } from 'vitest';
import { emptyChildValues } from '@/lib/child-form/child-form-model';
import type { Schemas } from '@/test/server';
import type { ChildOptions, WorkerOptions } from './api/registration';
import { emptyRegisterValues, isUnknownInstitutionSlug, withWorkerRules, workerAllergensAllowed, workerDiets, workerGroups, type RegisterValues } from './components/register-schema';
import { toRegistrationChild } from './components/registration-child';

const settings: Schemas['RegistrationSettings'] = {
  registerAs: 'both',
  invoicesForUsers: false,
  allowChangingAllergens: true,
  allowChangingAllergensNote: false,
  cateringTermsUrl: null,
};
const institutions: Schemas['RegistrationInstitutionOption'][] = [
  { value: 1, text: 'SP 12', shortName: 'SP 12', slug: 'sp12', districtId: null, mealTypesIds: [] },
  { value: 2, text: 'P 1', shortName: 'P 1', slug: 'p1', districtId: null, mealTypesIds: [] },
];
const diets: Schemas['DietOption'][] = [
  { value: 10, text: 'Standard', isDefault: false, institutionsIds: [1, 2], allowChangingAllergens: true },
  { value: 11, text: 'School', isDefault: true, institutionsIds: [1], allowChangingAllergens: false },
  { value: 12, text: 'Kindergarten', isDefault: false, institutionsIds: [2], allowChangingAllergens: true },
];
const worker: WorkerOptions = {
  settings,
  institutionsOptions: institutions,
  dietsOptions: diets,
  allergensOptions: [],
  districtsOptions: [],
  institutionWorkersGroupsOptions: [
    { value: 31, text: 'Kitchen', institutionId: 1 },
    { value: 32, text: 'Everyone', institutionId: null },
  ],
};
const context = { options: worker, settings, fixedInstitutionId: null };
const workerValues = (overrides: Partial<RegisterValues> = {}): RegisterValues => ({ ...emptyRegisterValues('institution_worker'), ...overrides });

describe("the worker's rules", () => {
  it('offers the diets and groups of the chosen institution', () => {
    expect(workerDiets(worker, 2).map((diet) => diet.value)).toEqual([10, 12]);
    expect(workerDiets(worker, null).map((diet) => diet.value)).toEqual([10, 11, 12]);
    expect(workerGroups(worker, 2).map((group) => group.value)).toEqual([32]);
    expect(workerGroups(worker, 1).map((group) => group.value)).toEqual([31, 32]);
  });

  it("given an institution, then a diet not served there gives way to the institution's default (or its first)", () => {
    expect(withWorkerRules(workerValues({ institutionId: 1 }), context).dietId).toBe(11);
    expect(withWorkerRules(workerValues({ institutionId: 2, dietId: 11 }), context).dietId).toBe(10);
    expect(withWorkerRules(workerValues({ institutionId: 2, dietId: 12 }), context).dietId).toBe(12);
  });

  it('given another institution, then a group of the previous one is dropped and a group of none stays', () => {
    expect(withWorkerRules(workerValues({ institutionId: 2, dietId: 10, institutionWorkersGroupId: 31 }), context).institutionWorkersGroupId).toBeNull();
    expect(withWorkerRules(workerValues({ institutionId: 2, dietId: 10, institutionWorkersGroupId: 32 }), context).institutionWorkersGroupId).toBe(32);
  });

  it('given a diet or tenant that forbids them, then allergens and the note are cleared', () => {
    expect(workerAllergensAllowed(worker, settings, 10)).toEqual({ allergies: true, note: false });
    expect(workerAllergensAllowed(worker, settings, 11)).toEqual({ allergies: false, note: false });
    expect(workerAllergensAllowed(undefined, settings, 10)).toEqual({ allergies: false, note: false });
    const after = withWorkerRules(workerValues({ institutionId: 1, dietId: 10, allergies: [7], allergiesNote: 'nuts' }), context);
    expect(after).toMatchObject({ allergies: [7], allergiesNote: '' });
    expect(withWorkerRules(workerValues({ institutionId: 1, dietId: 11, allergies: [7] }), context).allergies).toEqual([]);
  });

  it("given a slug in the URL, then a worker's institution is the slug's; a parent's stays", () => {
    const fixed = { ...context, fixedInstitutionId: 2 };
    expect(withWorkerRules(workerValues(), fixed)).toMatchObject({ institutionId: 2, dietId: 10 });
    expect(withWorkerRules({ ...workerValues(), userType: 'parent' }, fixed).institutionId).toBeNull();
  });

  it('knows an unknown slug', () => {
    expect(isUnknownInstitutionSlug('sp12', { institutionsOptions: institutions })).toBe(false);
    expect(isUnknownInstitutionSlug('nope', { institutionsOptions: institutions })).toBe(true);
    expect(isUnknownInstitutionSlug(undefined, { institutionsOptions: [] })).toBe(false);
  });
});

describe('the child sent with the registration', () => {
  const options = { settings, dietsOptions: diets } as unknown as ChildOptions;

  it("sends the child form's reminder defaults: 12:00 and one day before when left empty", () => {
    const values = emptyChildValues({ firstName: ' Ola ', lastName: 'Lis', institutionId: 1, classroomId: 21, dietId: 10 });
    values.subjectNotificationsSettings = { missingOrdersEnabled: false, missingOrdersDaysBefore: null, missingOrdersTriggerTime: '' };
    const child = toRegistrationChild(values, options);
    expect(child.subjectNotificationsSettings).toEqual({ missingOrdersEnabled: false, missingOrdersDaysBefore: 1, missingOrdersTriggerTime: '12:00' });
    expect(child).toMatchObject({ firstName: 'Ola', classroomId: 21, dietId: 10, cardNumber: null });
    expect(child.calendarSubjectSettings).toMatchObject({ automarkPresences: true, autoselectionInterval: 'one_month' });
  });

  it('sends allergens only where the diet and the tenant allow them', () => {
    const values = emptyChildValues({ dietId: 10, allergies: [7], allergiesNote: ' nuts ' });
    expect(toRegistrationChild(values, options)).toMatchObject({ allergies: [7], allergiesNote: '' });
    const allowing = { ...options, settings: { ...settings, allowChangingAllergensNote: true } };
    expect(toRegistrationChild(values, allowing)).toMatchObject({ allergies: [7], allergiesNote: 'nuts' });
    expect(toRegistrationChild({ ...values, dietId: 11 }, allowing)).toMatchObject({ allergies: [], allergiesNote: '' });
  });
});
