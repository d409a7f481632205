import { describe, expect, it } from 'vitest';
import i18n from '@/lib/i18n';
import { emptyChildValues, subjectSettingsSchema } from './components/child-form-model';

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
