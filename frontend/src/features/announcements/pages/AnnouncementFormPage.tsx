import { useMemo, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, Form } from 'react-bootstrap';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '@/api/client';
import { parseRouteId, useAskRemoval } from '@/components/crud';
import { FormActionButton } from '@/components/FormActionButton';
import { DateField, MultiSelectField, SelectField, TextField } from '@/components/form';
import { PageHeader } from '@/components/PageHeader';
import { QueryState } from '@/components/SectionCard';
import { notify } from '@/components/toasts/toast-store';
import { todayIso } from '@/lib/calendar/dates';
import { useStaffOptions } from '@/lib/calendar/options';
import { applyServerErrors } from '@/lib/form-errors';
import { translateServerMessage } from '@/lib/i18n';
import { ROLES } from '@/lib/session/get-current-user';
import {
  MAX_ATTACHMENTS,
  TEXT_MAX,
  TITLE_MAX,
  useAnnouncement,
  useDeleteAnnouncementAttachment,
  usePublishAnnouncement,
  useRecipientsListOptions,
  useUpdateAnnouncement,
  type Announcement,
} from '../api/announcements';
import {
  AUDIENCE_KINDS,
  announcementSchema,
  emptyValues,
  toFields,
  toValues,
  type AnnouncementValues,
} from '../components/announcement-form';
import { RichTextEditor } from '../components/RichTextEditor';

const FIELDS = ['title', 'text', 'validFrom', 'validTo', 'audience', 'institutionIds', 'classroomIds', 'roles', 'recipientsListId'] as const;
const ACCEPT = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png';

/** `/announcements/create` and `/announcements/:announcementId/edit` (administrators). */
export function AnnouncementFormPage() {
  const { t } = useTranslation('announcements');
  const id = parseRouteId(useParams().announcementId);
  const announcement = useAnnouncement(id);
  const title = id === null ? t('createTitle') : t('editTitle');
  return (
    <section>
      <PageHeader title={title} />
      {id === null ? (
        <AnnouncementForm label={title} announcement={undefined} />
      ) : (
        <QueryState query={announcement}>
          {() => announcement.data && <AnnouncementForm key={announcement.data.id} label={title} announcement={announcement.data} />}
        </QueryState>
      )}
    </section>
  );
}

function AnnouncementForm({ label, announcement }: { label: string; announcement: Announcement | undefined }) {
  const { t } = useTranslation(['announcements', 'common']);
  const navigate = useNavigate();
  const schema = useMemo(() => announcementSchema(t), [t]);
  const form = useForm<AnnouncementValues>({
    resolver: zodResolver(schema),
    defaultValues: announcement ? toValues(announcement) : emptyValues(todayIso()),
  });
  const audience = useWatch({ control: form.control, name: 'audience' });
  const institutions = useStaffOptions('institutions/options');
  const classrooms = useStaffOptions('classrooms/options');
  const lists = useRecipientsListOptions(true);
  const publish = usePublishAnnouncement();
  const update = useUpdateAnnouncement(announcement?.id ?? 0);
  const [attachments, setAttachments] = useState<File[]>([]);
  const [attachmentsError, setAttachmentsError] = useState<string | null>(null);
  const pending = publish.isPending || update.isPending;
  const kept = announcement?.attachments.length ?? 0;

  const onSubmit = form.handleSubmit(async (values) => {
    if (kept + attachments.length > MAX_ATTACHMENTS) {
      setAttachmentsError(t('tooManyFiles', { count: MAX_ATTACHMENTS }));
      return;
    }
    setAttachmentsError(null);
    try {
      if (announcement) await update.mutateAsync(toFields(values, attachments));
      else await publish.mutateAsync(toFields(values, attachments));
      notify({ type: 'success', message: announcement ? t('common:crud.saved') : t('published') });
      void navigate('/announcements');
    } catch (error) {
      applyServerErrors(error, form.setError, FIELDS, { everyone: 'audience' });
      if (error instanceof ApiError && error.fieldErrors.attachments) {
        setAttachmentsError(error.fieldErrors.attachments.map(translateServerMessage).join(' '));
      }
    }
  });

  const roleOptions = ROLES.map((role) => ({ value: role, text: t(`common:roles.${role}`) }));
  const audienceError = form.formState.errors.audience?.message;

  return (
    <Form noValidate onSubmit={onSubmit} aria-label={label}>
      <Card>
        <Card.Body>
          <TextField<AnnouncementValues> control={form.control} name="title" label={t('fields.title')} required maxLength={TITLE_MAX} />
          <RichTextEditor control={form.control} maxLength={TEXT_MAX} />
          <div className="row">
            <div className="col-sm-6">
              <DateField<AnnouncementValues> control={form.control} name="validFrom" label={t('fields.validFrom')} required />
            </div>
            <div className="col-sm-6">
              <DateField<AnnouncementValues> control={form.control} name="validTo" label={t('fields.validTo')} help={t('validToHelp')} />
            </div>
          </div>
          <fieldset className="mb-3">
            <legend className="form-label fs-6">{t('fields.audience')}</legend>
            {AUDIENCE_KINDS.map((kind) => (
              <Form.Check
                key={kind}
                type="radio"
                id={`audience-${kind}`}
                label={t(`audienceKinds.${kind}`)}
                value={kind}
                checked={audience === kind}
                onChange={() => form.setValue('audience', kind, { shouldValidate: form.formState.isSubmitted })}
              />
            ))}
            {audienceError && <div className="invalid-feedback d-block">{audienceError}</div>}
          </fieldset>
          {audience === 'criteria' && (
            <>
              <MultiSelectField<AnnouncementValues>
                control={form.control}
                name="institutionIds"
                label={t('fields.institutions')}
                options={institutions.data ?? []}
              />
              <MultiSelectField<AnnouncementValues>
                control={form.control}
                name="classroomIds"
                label={t('fields.classrooms')}
                options={classrooms.data ?? []}
              />
              <MultiSelectField<AnnouncementValues>
                control={form.control}
                name="roles"
                label={t('fields.roles')}
                help={t('rolesHelp')}
                options={roleOptions}
              />
            </>
          )}
          {audience === 'list' && (
            <SelectField<AnnouncementValues>
              control={form.control}
              name="recipientsListId"
              label={t('fields.recipientsList')}
              required
              options={(lists.data ?? []).map((list) => ({ value: list.id, text: list.name }))}
            />
          )}
          {announcement && <KeptAttachments announcement={announcement} />}
          <Form.Group className="mb-3" controlId="announcement-attachments">
            <Form.Label>{t('fields.newAttachments')}</Form.Label>
            <Form.Control
              type="file"
              multiple
              accept={ACCEPT}
              isInvalid={attachmentsError !== null}
              aria-describedby="announcement-attachments-help"
              onChange={(event) => setAttachments(Array.from((event.target as HTMLInputElement).files ?? []))}
            />
            <Form.Text id="announcement-attachments-help">{t('attachmentsHelp', { count: MAX_ATTACHMENTS })}</Form.Text>
            <Form.Control.Feedback type="invalid">{attachmentsError}</Form.Control.Feedback>
          </Form.Group>
        </Card.Body>
        <Card.Footer className="d-flex justify-content-end gap-2">
          <Link to="/announcements" className="btn btn-secondary">
            {t('common:cancel')}
          </Link>
          <FormActionButton type="submit" pending={pending}>
            {announcement ? t('common:save') : t('publish')}
          </FormActionButton>
        </Card.Footer>
      </Card>
    </Form>
  );
}

/** The files the announcement has, each deleted at once after a confirmation. */
function KeptAttachments({ announcement }: { announcement: Announcement }) {
  const { t } = useTranslation(['announcements', 'common']);
  const ask = useAskRemoval();
  const remove = useDeleteAnnouncementAttachment(announcement.id);
  if (announcement.attachments.length === 0) return null;
  return (
    <div className="mb-3">
      <div className="form-label">{t('fields.attachments')}</div>
      <ul className="list-unstyled mb-0">
        {announcement.attachments.map((attachment) => (
          <li key={attachment.id} className="d-flex align-items-center gap-2 mb-1">
            <span>{attachment.name}</span>
            <Button
              size="sm"
              variant="outline-danger"
              aria-label={t('common:crud.removeNamed', { name: attachment.name })}
              onClick={async () => {
                if (!(await ask(t('common:crud.removeBody', { name: attachment.name })))) return;
                remove.mutate(attachment.id, {
                  onSuccess: () => notify({ type: 'success', message: t('common:crud.removed', { name: attachment.name }) }),
                });
              }}
            >
              {t('common:crud.remove')}
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}
