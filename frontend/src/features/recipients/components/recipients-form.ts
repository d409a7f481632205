import { z } from 'zod';
import { defineEntityForm } from '@/components/crud';
import { requiredText } from '@/components/form';
import { recipientsLists, type RecipientsListRequest } from '../api/recipients';
import { RecipientsListFields } from './RecipientsListFields';

export const NAME_MAX = 200;
export const EMAILS_MAX = 200;

export interface RecipientsListValues {
  name: string;
  everyone: boolean;
  institutionIds: number[];
  classroomIds: number[];
  roles: string[];
  memberIds: number[];
  /** One address a line (or separated by commas, semicolons or spaces). */
  emails: string;
}

export const splitEmails = (text: string): string[] =>
  text
    .split(/[\s,;]+/)
    .map((email) => email.trim())
    .filter(Boolean);

const EMAIL = z.email();

export const recipientsListForm = defineEntityForm({
  resource: recipientsLists,
  schema: (t) =>
    z.object({
      name: requiredText(t, NAME_MAX),
      everyone: z.boolean(),
      institutionIds: z.array(z.number()),
      classroomIds: z.array(z.number()),
      roles: z.array(z.string()),
      memberIds: z.array(z.number()),
      emails: z.string().superRefine((text, ctx) => {
        const emails = splitEmails(text);
        const wrong = emails.filter((email) => !EMAIL.safeParse(email).success);
        if (wrong.length > 0) ctx.addIssue({ code: 'custom', message: t('recipients:wrongEmails', { emails: wrong.join(', ') }) });
        if (emails.length > EMAILS_MAX) ctx.addIssue({ code: 'custom', message: t('recipients:tooManyEmails', { count: EMAILS_MAX }) });
      }),
    }),
  empty: { name: '', everyone: false, institutionIds: [], classroomIds: [], roles: [], memberIds: [], emails: '' },
  toValues: (list) => ({
    name: list.name,
    everyone: list.everyone ?? false,
    institutionIds: list.institutionIds ?? [],
    classroomIds: list.classroomIds ?? [],
    roles: list.roles ?? [],
    memberIds: list.members.map((member) => member.id),
    emails: (list.emails ?? []).join('\n'),
  }),
  toCreate: (values) => ({
    ...values,
    // The choices are the server's role codes (ROLES); the schema types them as its enum.
    roles: values.roles as NonNullable<RecipientsListRequest['roles']>,
    emails: splitEmails(values.emails),
  }),
  Fields: RecipientsListFields,
  fieldMap: { 'emails.0': 'emails' },
});
