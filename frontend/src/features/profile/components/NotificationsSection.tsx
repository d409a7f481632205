import { useMemo } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Form } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormActionButton } from '@/components/FormActionButton';
import { notify } from '@/components/toasts/toast-store';
import type { CurrentUser } from '@/lib/session/get-current-user';
import { applyServerErrors } from '@/lib/form-errors';
import { useUpdateNotificationsSettings, type NotificationsSettingsBody } from '../api/update-notifications-settings';
import { SectionCard } from '@/components/SectionCard';

const PLACEMENTS = ['top-right', 'top-left', 'bottom-right', 'bottom-left'] as const satisfies readonly NotificationsSettingsBody['notificationsPlacement'][];
const schema = z.object({
  notificationsPlacement: z.enum(PLACEMENTS),
  emailNotificationsEnabled: z.boolean(),
  pushNotificationsEnabled: z.boolean(),
});

export function NotificationsSection({ user }: { user: CurrentUser }) {
  const { t } = useTranslation(['profile', 'common']);
  const mutation = useUpdateNotificationsSettings();
  const values = useMemo(() => ({ ...user.notificationsSettings }), [user.notificationsSettings]);
  const form = useForm<NotificationsSettingsBody>({ resolver: zodResolver(schema), values });
  const onSubmit = form.handleSubmit((submitted) =>
    mutation.mutate(submitted, {
      onSuccess: () => notify({ type: 'success', message: t('profile:saved') }),
      onError: (error) =>
        applyServerErrors(error, form.setError, [
          'notificationsPlacement',
          'emailNotificationsEnabled',
          'pushNotificationsEnabled',
        ]),
    }),
  );
  const title = t('profile:notifications.title');
  return (
    <SectionCard title={title}>
      <Form noValidate onSubmit={onSubmit} aria-label={title}>
        <Form.Group className="mb-3" controlId="profile-notificationsPlacement">
          <Form.Label>{t('profile:notifications.placement')}</Form.Label>
          <Form.Select {...form.register('notificationsPlacement')}>
            {PLACEMENTS.map((placement) => (
              <option key={placement} value={placement}>
                {t(`profile:notifications.placements.${placement}`)}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Form.Check
          type="switch"
          id="profile-emailNotificationsEnabled"
          className="mb-2"
          label={t('profile:notifications.email')}
          {...form.register('emailNotificationsEnabled')}
        />
        <Form.Check
          type="switch"
          id="profile-pushNotificationsEnabled"
          className="mb-3"
          label={t('profile:notifications.push')}
          {...form.register('pushNotificationsEnabled')}
        />
        <FormActionButton type="submit" pending={mutation.isPending}>
          {t('common:save')}
        </FormActionButton>
      </Form>
    </SectionCard>
  );
}
