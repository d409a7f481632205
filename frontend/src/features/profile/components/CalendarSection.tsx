import { useMemo } from 'react';
import { Form } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormActionButton } from '@/components/FormActionButton';
import { notify } from '@/components/toasts/toast-store';
import type { CurrentUser } from '@/lib/session/get-current-user';
import { useUpdateCalendarSettings, type CalendarSettingsBody } from '../api/update-calendar-settings';
import { SectionCard } from '@/components/SectionCard';

export function CalendarSection({ user }: { user: CurrentUser }) {
  const { t } = useTranslation(['profile', 'common']);
  const mutation = useUpdateCalendarSettings();
  const values = useMemo(() => ({ ...user.calendarSettings }), [user.calendarSettings]);
  const form = useForm<CalendarSettingsBody>({ values });
  const onSubmit = form.handleSubmit((submitted) =>
    mutation.mutate(submitted, { onSuccess: () => notify({ type: 'success', message: t('profile:saved') }) }),
  );
  const title = t('profile:calendar.title');
  return (
    <SectionCard title={title}>
      <Form noValidate onSubmit={onSubmit} aria-label={title}>
        <Form.Check
          type="switch"
          id="profile-showGrammages"
          className="mb-3"
          label={t('profile:calendar.showGrammages')}
          {...form.register('showGrammages')}
        />
        <FormActionButton type="submit" pending={mutation.isPending}>
          {t('common:save')}
        </FormActionButton>
      </Form>
    </SectionCard>
  );
}
