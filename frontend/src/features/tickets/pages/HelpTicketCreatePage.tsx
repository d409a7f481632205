import { useMemo, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Form } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { ApiError } from '@/api/client';
import { FormActionButton } from '@/components/FormActionButton';
import { SelectField, TextAreaField, TextField, requiredChoice, requiredText } from '@/components/form';
import { PageHeader } from '@/components/PageHeader';
import { QueryError } from '@/components/QueryError';
import { LoadingSpinner } from '@/components/LoadingSpinner';
import { notify } from '@/components/toasts/toast-store';
import { applyServerErrors } from '@/lib/form-errors';
import { translateServerMessage } from '@/lib/i18n';
import { useSession } from '@/lib/session/session-context';
import { MAX_ATTACHMENTS, useCreateTicket, useTicketCategories } from '../api/tickets';

const FIELDS = ['category', 'subject', 'text'] as const;
const ACCEPT = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png';
const SUBJECT_MAX = 200;
const TEXT_MAX = 5000;
/** Who may open `/tickets` to follow their tickets (routes.tsv); others read the answers in their e-mail. */
const FOLLOWERS = ['ROLE_TICKET_ADMIN', 'ROLE_PARENT', 'ROLE_INSTITUTION_WORKER'];

/** `/helpTickets/create` (everyone): report a problem or ask for help in one of the tenant's categories. */
export function HelpTicketCreatePage() {
  const { t } = useTranslation(['tickets', 'routes', 'common']);
  const navigate = useNavigate();
  const { user } = useSession();
  const categories = useTicketCategories();
  const create = useCreateTicket();
  const schema = useMemo(
    () =>
      z.object({
        category: requiredChoice(t, z.string()),
        subject: requiredText(t, SUBJECT_MAX),
        text: requiredText(t, TEXT_MAX),
      }),
    [t],
  );
  type Values = z.input<typeof schema>;
  const form = useForm<Values, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { category: null, subject: '', text: '' },
  });
  const [attachments, setAttachments] = useState<File[]>([]);
  const [attachmentsError, setAttachmentsError] = useState<string | null>(null);
  const title = t('routes:areas.helpTickets');
  const follows = user?.roles.some((role) => FOLLOWERS.includes(role)) ?? false;

  const onSubmit = form.handleSubmit((values) => {
    if (attachments.length > MAX_ATTACHMENTS) {
      setAttachmentsError(t('tickets:tooManyFiles', { count: MAX_ATTACHMENTS }));
      return;
    }
    setAttachmentsError(null);
    create.mutate({ ...values, attachments }, {
      onSuccess: () => {
        notify({ type: 'success', message: t('tickets:created') });
        if (follows) void navigate('/tickets');
        else {
          form.reset();
          setAttachments([]);
        }
      },
      onError: (error) => {
        applyServerErrors(error, form.setError, FIELDS);
        if (error instanceof ApiError && error.fieldErrors.attachments) {
          setAttachmentsError(error.fieldErrors.attachments.map(translateServerMessage).join(' '));
        }
        if (error instanceof ApiError && Object.keys(error.fieldErrors).length === 0) {
          notify({ type: 'error', message: translateServerMessage(error.message) });
        }
      },
    });
  });

  let body;
  if (categories.isPending) body = <LoadingSpinner />;
  else if (categories.isError) body = <QueryError error={categories.error} onRetry={categories.refetch} />;
  else
    body = (
      <Form noValidate onSubmit={onSubmit} aria-label={title} style={{ maxWidth: 640 }}>
        <SelectField<Values>
          control={form.control}
          name="category"
          label={t('tickets:fields.category')}
          required
          options={categories.data.map((code) => ({ value: code, text: t(`tickets:categories.${code}`) }))}
        />
        <TextField<Values> control={form.control} name="subject" label={t('tickets:fields.subject')} required maxLength={SUBJECT_MAX} />
        <TextAreaField<Values> control={form.control} name="text" label={t('tickets:fields.text')} required rows={6} maxLength={TEXT_MAX} />
        <Form.Group className="mb-3" controlId="help-ticket-attachments">
          <Form.Label>{t('tickets:fields.attachments')}</Form.Label>
          <Form.Control
            type="file"
            multiple
            accept={ACCEPT}
            isInvalid={attachmentsError !== null}
            aria-describedby="help-ticket-attachments-help"
            onChange={(event) => setAttachments(Array.from((event.target as HTMLInputElement).files ?? []))}
          />
          <Form.Text id="help-ticket-attachments-help">{t('tickets:attachmentsHelp', { count: MAX_ATTACHMENTS })}</Form.Text>
          <Form.Control.Feedback type="invalid">{attachmentsError}</Form.Control.Feedback>
        </Form.Group>
        <FormActionButton type="submit" pending={create.isPending}>
          {t('tickets:send')}
        </FormActionButton>
      </Form>
    );

  return (
    <section>
      <PageHeader title={title} />
      <p className="text-body-secondary">{t('tickets:createIntro')}</p>
      {body}
    </section>
  );
}
