import type { TFunction } from 'i18next';
import { z } from 'zod';
import { requiredText } from '@/components/form';
import { plainText } from '@/lib/announcements/rich-text';
import { TEXT_MAX, TITLE_MAX, type Announcement, type AnnouncementFields } from '../api/announcements';

export const AUDIENCE_KINDS = ['everyone', 'criteria', 'list'] as const;
export type AudienceKind = (typeof AUDIENCE_KINDS)[number];

export interface AnnouncementValues {
  title: string;
  text: string;
  validFrom: string;
  validTo: string;
  audience: AudienceKind;
  institutionIds: number[];
  classroomIds: number[];
  roles: string[];
  recipientsListId: number | null;
}

/** The server's rules: a text with words in it, the end not before the start, an audience of the chosen kind. */
export const announcementSchema = (t: TFunction) =>
  z
    .object({
      title: requiredText(t, TITLE_MAX),
      text: z.string().max(TEXT_MAX, t('common:validation.maxLength', { max: TEXT_MAX })),
      validFrom: z.string().min(1, t('common:validation.required')),
      validTo: z.string(),
      audience: z.enum(AUDIENCE_KINDS),
      institutionIds: z.array(z.number()),
      classroomIds: z.array(z.number()),
      roles: z.array(z.string()),
      recipientsListId: z.number().nullable(),
    })
    .superRefine((values, ctx) => {
      if (!plainText(values.text)) ctx.addIssue({ code: 'custom', path: ['text'], message: t('common:validation.required') });
      if (values.validTo && values.validTo < values.validFrom) {
        ctx.addIssue({ code: 'custom', path: ['validTo'], message: t('announcements:endsBeforeStart') });
      }
      if (values.audience === 'list' && values.recipientsListId === null) {
        ctx.addIssue({ code: 'custom', path: ['recipientsListId'], message: t('common:validation.required') });
      }
      if (values.audience === 'criteria' && !values.institutionIds.length && !values.classroomIds.length && !values.roles.length) {
        ctx.addIssue({ code: 'custom', path: ['audience'], message: t('announcements:noCriteria') });
      }
    });

export function emptyValues(today: string): AnnouncementValues {
  return {
    title: '',
    text: '',
    validFrom: today,
    validTo: '',
    audience: 'everyone',
    institutionIds: [],
    classroomIds: [],
    roles: [],
    recipientsListId: null,
  };
}

export function toValues(announcement: Announcement): AnnouncementValues {
  const audience: AudienceKind =
    announcement.recipientsListId !== null ? 'list' : announcement.everyone && !announcement.roles.length ? 'everyone' : 'criteria';
  return {
    title: announcement.title,
    text: announcement.text,
    validFrom: announcement.validFrom,
    validTo: announcement.validTo ?? '',
    audience,
    institutionIds: announcement.institutionIds,
    classroomIds: announcement.classroomIds,
    roles: announcement.roles,
    recipientsListId: announcement.recipientsListId,
  };
}

/** Only the chosen kind of audience is sent (the server refuses a list together with criteria). */
export function toFields(values: AnnouncementValues, attachments: File[]): AnnouncementFields {
  const criteria = values.audience === 'criteria';
  return {
    title: values.title,
    text: values.text,
    validFrom: values.validFrom,
    validTo: values.validTo,
    everyone: values.audience === 'everyone',
    institutionIds: criteria ? values.institutionIds : [],
    classroomIds: criteria ? values.classroomIds : [],
    roles: criteria ? values.roles : [],
    recipientsListId: values.audience === 'list' ? values.recipientsListId : null,
    attachments,
  };
}
