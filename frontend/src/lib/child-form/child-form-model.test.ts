import { describe, expect, it } from 'vitest';
import i18n from '@/lib/i18n';
import type { ClassroomOption, DietOption, GroupedCategory, GroupedMealType, InstitutionOption } from '@/lib/children/form-options';
import { allergiesToClear } from '@/lib/allergies/allergies-to-clear';
import {
  changedCascadeFields,
  childFieldChanged,
  childFormAccess,
  defaultDietId,
  defaultPriceListsGroupId,
  emptyChildValues,
  institutionResolved,
  subjectSettingsSchema,
  withBlockedMealTypes,
  withDefaultDiet,
  withDefaultPriceListsGroup,
  withOptionDefaults,
  type ChildFormOptions,
  type ChildFormRightsInput,
  type ChildFormValues,
  type PriceListsGroupChoice,
} from './child-form-model';

const withTime = (missingOrdersTriggerTime: string, missingOrdersEnabled = true) => ({
  ...emptyChildValues(),
  subjectNotificationsSettings: { missingOrdersEnabled, missingOrdersDaysBefore: 1, missingOrdersTriggerTime },
});

describe('the reminder time rule', () => {
  it('given HH:MM from 00:00 to 23:59, then it is accepted', () => {
    const schema = subjectSettingsSchema(i18n.t);
    expect(['00:00', '07:30', '23:59'].map((time) => schema.safeParse(withTime(time)).success)).toEqual([true, true, true]);
  });

  it('given anything else, then it is refused with the format message, and empty only while the reminder is off', () => {
    const schema = subjectSettingsSchema(i18n.t);
    const messages = ['24:00', '7:30', '12:60', '12:00:00', 'noon'].map((time) => schema.safeParse(withTime(time)).error?.issues[0]?.message);
    expect(messages).toEqual(Array(5).fill('Enter a time as HH:MM, from 00:00 to 23:59.'));
    expect(schema.safeParse(withTime('', false)).success).toBe(true);
    expect(schema.safeParse(withTime('')).error?.issues[0]?.message).toBe('This field is required.');
  });
});

// The rules between fields --------------------------------------------------------------------------------------------

const school: InstitutionOption = { value: 1, text: 'SP 1', shortName: 'SP1', slug: 'sp-1', districtId: 7, active: true };
const kindergarten: InstitutionOption = { value: 2, text: 'P 2', shortName: 'P2', slug: 'p-2', districtId: 8, active: true };
// `serverGroup`: the group the server says a new member gets (the members' group, else the children's default, 31).
const room = (value: number, membersGroup: number | null, serverGroup: number | null = membersGroup ?? 31): ClassroomOption => ({
  id: value,
  value,
  name: `Room ${value}`,
  text: `Room ${value}`,
  institution: { id: 1, name: 'SP 1', shortName: 'SP1' },
  hasDefaultPriceListsGroupForMembers: membersGroup !== null,
  relatedPriceListsGroup: membersGroup === null ? null : { id: membersGroup, name: `Group ${membersGroup}` },
  membersPriceListsGroupId: serverGroup,
});
const room1a = room(11, 32);
const room1b = room(12, null);
const diet = (value: number, overrides: Partial<DietOption> = {}): DietOption => ({
  value,
  text: `Diet ${value}`,
  isDefault: false,
  institutionsIds: [],
  allowChangingAllergens: true,
  ...overrides,
});
const standard = diet(5, { isDefault: true, institutionsIds: [1] });
const kindergartenDefault = diet(8, { isDefault: true, institutionsIds: [2] });
const glutenFree = diet(6, { allowChangingAllergens: false });
const groups: PriceListsGroupChoice[] = [
  { id: 31, defaultForChildren: true },
  { id: 32, defaultForChildren: false },
];
const lunch: GroupedMealType = {
  id: 41,
  name: 'Lunch',
  description: '',
  blockOnRegistration: true,
  portionSizes: [
    { id: 1, name: 'Small', default: false, priceListItem: { id: 501, price: null, hidden: false, hiddenFor: [], hiddenWeekdays: [] } },
    { id: 2, name: 'Normal', default: true, priceListItem: { id: 502, price: null, hidden: false, hiddenFor: [], hiddenWeekdays: [] } },
  ],
};
const soup: GroupedMealType = { ...lunch, id: 42, name: 'Soup', blockOnRegistration: false };

const options = (overrides: Partial<ChildFormOptions> = {}): ChildFormOptions => ({
  institutions: [school, kindergarten],
  classrooms: [room1a, room1b],
  diets: [standard, kindergartenDefault, glutenFree],
  groups,
  initialInstitutionId: null,
  registration: false,
  ...overrides,
});

const chosen = (overrides: Partial<ChildFormValues> = {}, autoselected: number[] = [42]): ChildFormValues => {
  const empty = emptyChildValues();
  return {
    ...empty,
    selectedDistrictId: 7,
    institutionId: 1,
    classroomId: 11,
    dietId: 5,
    priceListsGroupId: 32,
    allergies: [1],
    allergiesNote: 'nuts',
    calendarSubjectSettings: { ...empty.calendarSubjectSettings, autoselectedMealTypes: autoselected, autoselectedPriceListsItemsIds: autoselected.map((id) => id + 461) },
    ...overrides,
  };
};

/** The user changed `field` to `value`. */
const edit = <F extends 'selectedDistrictId' | 'institutionId' | 'classroomId' | 'dietId'>(
  values: ChildFormValues,
  field: F,
  value: ChildFormValues[F],
  context = options(),
) => childFieldChanged(field, { ...values, [field]: value }, values[field], context);

describe('the price lists group a classroom gives', () => {
  it("given a classroom, then the group the server gives its members; before one is chosen, the children's default group", () => {
    expect(defaultPriceListsGroupId(room1a, groups)).toBe(32);
    expect(defaultPriceListsGroupId(room1b, groups)).toBe(31);
    expect(defaultPriceListsGroupId(undefined, groups)).toBe(31);
    expect(defaultPriceListsGroupId(room(13, null, null), groups)).toBeNull();
    expect(defaultPriceListsGroupId(undefined, [{ id: 32, defaultForChildren: false }])).toBeNull();
  });

  it('given a new child without a group, when the groups arrive, then it gets the default; an edited child keeps none', () => {
    const values = chosen({ priceListsGroupId: null });
    expect(withDefaultPriceListsGroup(values, options(), false).priceListsGroupId).toBe(32);
    expect(withDefaultPriceListsGroup({ ...values, classroomId: null }, options(), false).priceListsGroupId).toBe(31);
    expect(withDefaultPriceListsGroup(values, options(), true)).toBe(values);
    expect(withDefaultPriceListsGroup(values, options({ groups: [] }), false)).toBe(values);
    expect(withDefaultPriceListsGroup(chosen({ priceListsGroupId: 31 }), options(), false).priceListsGroupId).toBe(31);
  });
});

describe('the cascades', () => {
  it('given a classroom change, then the group follows the classroom; the same classroom again keeps a group chosen by hand', () => {
    const byHand = chosen({ priceListsGroupId: 31 });
    expect(edit(byHand, 'classroomId', 11)).toEqual(byHand);
    expect(edit(byHand, 'classroomId', 12).priceListsGroupId).toBe(31);
    expect(edit(chosen({ classroomId: 12, priceListsGroupId: 31 }), 'classroomId', 11).priceListsGroupId).toBe(32);
  });

  it("given another institution, then the classroom and meal types are cleared, the group falls back and the institution's default diet is chosen", () => {
    const after = edit(chosen(), 'institutionId', 2);
    expect(after).toMatchObject({ institutionId: 2, classroomId: null, priceListsGroupId: 31, dietId: 8 });
    expect(after.calendarSubjectSettings).toMatchObject({ autoselectedMealTypes: [], autoselectedPriceListsItemsIds: [] });
  });

  it('given another institution served by the chosen diet, then the diet stays', () => {
    const anywhere = diet(9);
    const after = edit(chosen({ dietId: 9 }), 'institutionId', 2, options({ diets: [standard, kindergartenDefault, anywhere] }));
    expect(after.dietId).toBe(9);
  });

  it('given the institution the form started with, then its diet stays even where the diets would not offer it', () => {
    const started = options({ initialInstitutionId: 1 });
    const elsewhere = chosen({ institutionId: 2, dietId: 8 });
    expect(edit(elsewhere, 'institutionId', 1, started).dietId).toBe(8);
    expect(edit(elsewhere, 'institutionId', 1, options()).dietId).toBe(5);
  });

  it('given a diet that forbids allergens, then the meal types are cleared and the allergens kept for saving to ask about', () => {
    const after = edit(chosen(), 'dietId', 6);
    expect(after).toMatchObject({ dietId: 6, allergies: [1], allergiesNote: 'nuts' });
    expect(after.calendarSubjectSettings.autoselectedMealTypes).toEqual([]);
    const allowing = edit(chosen({ dietId: 6 }), 'dietId', 5);
    expect(allowing).toMatchObject({ allergies: [1], allergiesNote: 'nuts' });
    expect(allowing.calendarSubjectSettings.autoselectedMealTypes).toEqual([]);
  });

  it('given a district, then an institution of another district is dropped with its cascade; one of that district stays', () => {
    const after = edit(chosen(), 'selectedDistrictId', 8);
    expect(after).toMatchObject({ selectedDistrictId: 8, institutionId: null, classroomId: null, priceListsGroupId: 31 });
    const same = chosen({ selectedDistrictId: 8 });
    expect(edit(same, 'selectedDistrictId', 7)).toMatchObject({ institutionId: 1, classroomId: 11 });
    expect(edit(chosen(), 'selectedDistrictId', null)).toMatchObject({ institutionId: 1, classroomId: 11 });
  });

  it('given the same value again, then nothing changes', () => {
    const values = chosen();
    expect(edit(values, 'institutionId', 1)).toEqual(values);
    expect(edit(values, 'dietId', 5)).toEqual(values);
    expect(edit(values, 'selectedDistrictId', 7)).toEqual(values);
  });
});

describe('the default diet', () => {
  it('given no diet, then the default diet serving the institution; none while the diets are unknown', () => {
    const empty = chosen({ dietId: null, institutionId: 2 });
    expect(defaultDietId(empty, options())).toBe(8);
    expect(defaultDietId({ ...empty, institutionId: null }, options())).toBe(5);
    expect(defaultDietId(empty, options({ diets: [] }))).toBeNull();
    expect(withDefaultDiet(chosen({ dietId: null, allergies: [] }), options({ diets: [glutenFree] })).dietId).toBeNull();
  });

  it('given a stored diet no longer offered, then it stays at the institution the form started with', () => {
    expect(defaultDietId(chosen({ dietId: 99 }), options({ initialInstitutionId: 1 }))).toBe(99);
    expect(defaultDietId(chosen({ dietId: 99 }), options())).toBe(5);
  });

  it('given the default chosen when the diets arrive, then the diet cascade follows (allergens of a forbidding diet kept, hidden)', () => {
    const forbidding = diet(6, { isDefault: true, allowChangingAllergens: false });
    expect(withDefaultDiet(chosen({ dietId: null }), options({ diets: [forbidding] }))).toMatchObject({ dietId: 6, allergies: [1], allergiesNote: 'nuts' });
  });
});

describe('the institution found by its slug', () => {
  it('given a found institution, then it is chosen with its cascade; the same one changes nothing', () => {
    const values = chosen();
    expect(institutionResolved(values, 1, options())).toBe(values);
    expect(institutionResolved(values, 2, options())).toMatchObject({ institutionId: 2, classroomId: null, dietId: 8 });
  });

  it('given none, then institution, classroom and meal types are cleared', () => {
    const after = institutionResolved(chosen(), null, options());
    expect(after).toMatchObject({ institutionId: null, classroomId: null, priceListsGroupId: 31 });
    expect(after.calendarSubjectSettings.autoselectedMealTypes).toEqual([]);
  });
});

describe('the meal types blocked on registration', () => {
  const categories: GroupedCategory[] = [{ id: 1, name: 'Main', mealTypes: [lunch, soup] }];

  it('given registration with automarking, then blocked meal types are added with their default portion', () => {
    const values = chosen({}, [42]);
    const after = withBlockedMealTypes(values, { registration: true, categories });
    expect(after.calendarSubjectSettings).toMatchObject({ autoselectedMealTypes: [42, 41], autoselectedPriceListsItemsIds: [503, 502] });
    expect(withBlockedMealTypes(after, { registration: true, categories })).toBe(after);
  });

  it('given no registration, automarking off or no meal types yet, then nothing changes', () => {
    const values = chosen({}, []);
    expect(withBlockedMealTypes(values, { registration: false, categories })).toBe(values);
    expect(withBlockedMealTypes(values, { registration: true })).toBe(values);
    const off = { ...values, calendarSubjectSettings: { ...values.calendarSubjectSettings, automarkPresences: false } };
    expect(withBlockedMealTypes(off, { registration: true, categories })).toBe(off);
    const on = childFieldChanged('calendarSubjectSettings.automarkPresences', values, false, options({ registration: true, categories }));
    expect(on.calendarSubjectSettings.autoselectedMealTypes).toEqual([41]);
  });
});

describe('what the form writes back', () => {
  it('lists the fields a rule changed, with their new values', () => {
    const before = chosen();
    expect(changedCascadeFields(before, before)).toEqual([]);
    expect(changedCascadeFields(before, edit(before, 'classroomId', 12))).toEqual([
      ['classroomId', 12],
      ['priceListsGroupId', 31],
    ]);
  });
});

describe('what saving with a diet that forbids allergens removes', () => {
  it('given a diet that allows allergens, then nothing', () => {
    expect(allergiesToClear({ allergies: [1], allergiesNote: 'nuts' }, undefined, true)).toBeNull();
  });

  it('given nothing held nor stored, then nothing to ask about', () => {
    expect(allergiesToClear({ allergies: [], allergiesNote: '  ' }, { allergies: [], allergiesNote: '' }, false)).toBeNull();
  });

  it("given allergies held and stored, then both (each once) and the note, the form's before the stored one", () => {
    expect(allergiesToClear({ allergies: [7, 1], allergiesNote: '' }, { allergies: [1, 3], allergiesNote: 'eggs' }, false)).toEqual({
      allergies: [1, 3, 7],
      note: 'eggs',
    });
    expect(allergiesToClear({ allergies: [], allergiesNote: ' new ' }, { allergies: [], allergiesNote: 'old' }, false)).toEqual({
      allergies: [],
      note: 'new',
    });
  });
});

describe('who sees and changes what', () => {
  const parents = {
    allowChangingInstitutions: false,
    hideInstitutionsListsFromParents: false,
    allowChangingClassrooms: true,
    allowChangingDiets: false,
    allowChangingAllergens: true,
    allowChangingAllergensNote: false,
    allowChangingCardNumbers: false,
  };
  const access = (overrides: Partial<ChildFormRightsInput>) =>
    childFormAccess({
      mode: 'edit',
      user: undefined,
      parentsSettings: parents,
      registrationSettings: undefined,
      diningCardsEnabled: true,
      presences: { allowSubscribedPayments: true, allowPrepaidOrders: false },
      ...overrides,
    });
  const admin = { roles: ['ROLE_ADMIN'], permissions: [], abilities: ['children.change_sensitive'] };
  const parent = { roles: ['ROLE_PARENT'], permissions: [], abilities: ['children.edit'] };

  it('given an admin, then every field shows and changes, but prepaids only where the tenant uses them', () => {
    const rights = access({ user: admin });
    expect(rights.visible).toMatchObject({ discount: true, priceListsGroup: true, internalNote: true, subscribedPayments: true, orderingPrepaids: false, parent: false });
    expect(rights.canChange).toEqual({ classroom: true, diet: true, allergens: true, allergiesNote: true, cardNumber: true });
    expect(rights.institutionInput).toBe('select');
    expect(rights.showLogs).toBe(true);
    expect(access({ user: admin, mode: 'create' }).visible.parent).toBe(true);
  });

  it("given a parent editing, then only what the tenant's flags allow, and no institution unless it may change", () => {
    const rights = access({ user: parent });
    expect(rights.canChange).toEqual({ classroom: true, diet: false, allergens: true, allergiesNote: false, cardNumber: false });
    expect(rights.visible).toMatchObject({ discount: false, priceListsGroup: false, internalNote: false, childGroup: false });
    expect(rights.institutionInput).toBe('hidden');
    expect(rights.showLogs).toBe(false);
    expect(access({ user: parent, mode: 'create', parentsSettings: { ...parents, hideInstitutionsListsFromParents: true } }).institutionInput).toBe('slug');
  });

  it('given registration, then the slug fixes the institution, cards show, and allergens follow the registration settings', () => {
    const rights = access({
      mode: 'registration',
      institutionSlug: 'sp-1',
      parentsSettings: undefined,
      diningCardsEnabled: undefined,
      registrationSettings: { allowChangingAllergens: true, allowChangingAllergensNote: false },
    });
    expect(rights.institutionInput).toBe('readonly');
    expect(rights.visible.cardNumber).toBe(true);
    expect(rights.canChange).toMatchObject({ allergens: true, allergiesNote: false, cardNumber: true });
  });
});

describe('what the option lists settle', () => {
  it('given a new child, then the default diet and group are chosen once, and settled values stay as they are', () => {
    const values = chosen({ institutionId: null, classroomId: null, dietId: null, priceListsGroupId: null }, []);
    const settled = withOptionDefaults(values, options(), false);
    expect(settled).toMatchObject({ dietId: 5, priceListsGroupId: 31 });
    expect(withOptionDefaults(settled, options(), false)).toBe(settled);
    expect(withOptionDefaults(values, options({ diets: [], groups: [] }), false)).toBe(values);
  });
});
