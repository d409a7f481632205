import { useMemo } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueries } from '@tanstack/react-query';
import { Form } from 'react-bootstrap';
import { FormProvider, useForm, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormActionButton } from '@/components/FormActionButton';
import { QueryState } from '@/components/SectionCard';
import { notify } from '@/components/toasts/toast-store';
import { calendarMonthQuery } from '@/lib/calendar/calendar-days';
import type { SubjectRef } from '@/lib/calendar/types';
import { addMonths, monthOf, todayIso } from '@/lib/calendar/dates';
import { useSettings } from '@/lib/settings/settings-endpoint';
import { feesEndpoint } from '@/lib/settings/fees';
import { applyServerErrors } from '@/lib/form-errors';
import { useSaveSubjectSettings, useSubjectSettings } from '@/lib/children/subject-settings';
import { AutomarkSettings, NotificationSettings } from './AutomarkSettings';
import {
  autoselectableMealTypes,
  emptyChildValues,
  settingsToValues,
  subjectSettingsSchema,
  toSubjectSettingsRequest,
  type ChildFormValues,
} from '@/lib/child-form/child-form-model';

const SERVER_FIELDS: readonly Path<ChildFormValues>[] = [
  'calendarSubjectSettings.automarkEndDate',
  'subjectNotificationsSettings.missingOrdersDaysBefore',
  'subjectNotificationsSettings.missingOrdersTriggerTime',
];
const SERVER_FIELD_MAP = {
  'calendarSubjectSettings.autoselectedPriceListsItemsIds': 'calendarSubjectSettings.autoselectedMealTypes',
} as const satisfies Partial<Record<string, Path<ChildFormValues>>>;

/**
 * A meal receiver's automarking and missing-order reminder on their own (`calendar/subjectsSettings/{type}/{id}`),
 * with the child form's fields and rules: an institution worker's own settings, or staff on a worker's page.
 */
export function SubjectSettingsForm({ subject, label }: { subject: SubjectRef; label: string }) {
  const settings = useSubjectSettings(subject);
  return (
    <QueryState query={settings}>
      {() => <SettingsForm subject={subject} label={label} values={settingsToValues(settings.data?.calendarSubjectSettings, settings.data?.subjectNotificationsSettings)} />}
    </QueryState>
  );
}

function SettingsForm({ subject, label, values }: { subject: SubjectRef; label: string; values: ReturnType<typeof settingsToValues> }) {
  const { t } = useTranslation(['children', 'common']);
  const save = useSaveSubjectSettings(subject);
  const fees = useSettings(feesEndpoint);
  const schema = useMemo(() => subjectSettingsSchema(t), [t]);
  const initial = useMemo<ChildFormValues>(() => ({ ...emptyChildValues(), ...values }), [values]);
  const form = useForm<ChildFormValues>({ resolver: zodResolver(schema) as never, defaultValues: initial });

  const thisMonth = monthOf(todayIso());
  const months = useQueries({ queries: [thisMonth, addMonths(thisMonth, 1)].map((month) => calendarMonthQuery(subject, month)) });
  const categories = autoselectableMealTypes(
    months.flatMap((month) => month.data?.days ?? []),
    t('automark.mealTypes'),
  );

  const submit = form.handleSubmit(async (submitted) => {
    try {
      const saved = await save.mutateAsync(toSubjectSettingsRequest(submitted));
      form.reset({ ...submitted, ...settingsToValues(saved.calendarSubjectSettings, saved.subjectNotificationsSettings) });
      notify({ type: 'success', message: t('subjectSettings.saved') });
    } catch (error) {
      applyServerErrors(error, form.setError, SERVER_FIELDS, SERVER_FIELD_MAP);
      notify({ type: 'error', message: t('subjectSettings.saveFailed'), title: error instanceof Error ? error.message : undefined });
    }
  });

  return (
    <FormProvider {...form}>
      <Form noValidate onSubmit={submit} aria-label={label}>
        <AutomarkSettings
          categories={categories}
          loading={months.some((month) => month.isPending)}
          ready
          registration={false}
          warnAboutFunds={fees.data?.orderChargeTime !== 'in_order_day'}
        />
        <NotificationSettings />
        <FormActionButton type="submit" pending={save.isPending || form.formState.isSubmitting}>
          {t('common:save')}
        </FormActionButton>
      </Form>
    </FormProvider>
  );
}
