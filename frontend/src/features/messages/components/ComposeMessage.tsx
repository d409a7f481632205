import { useId, useState } from 'react';
import { Alert, Button, Card, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/api/client';
import { useConfirm } from '@/components/confirm-context';
import { FormActionButton } from '@/components/FormActionButton';
import { MultiSelect } from '@/components/MultiSelect';
import type { OptionValue } from '@/components/multi-select-label';
import { notify } from '@/components/toasts/toast-store';
import { OPTION_PATHS, useStaffOptions } from '@/lib/calendar/options';
import { translateServerMessage } from '@/lib/i18n';
import {
  EMPTY_AUDIENCE,
  MAX_ATTACHMENTS,
  isEmptyAudience,
  useReceivers,
  useSendMany,
  useSendMessage,
  type Audience,
  type Message,
} from '../api/messages';

const ACCEPT = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png';
const SUBJECT_MAX = 200;
const TEXT_MAX = 20000;
const WORKERS_GROUPS_OPTIONS = 'institutionsWorkers/groups/options';
const AUDIENCE_ROLES = ['ROLE_PARENT', 'ROLE_INSTITUTION_WORKER', 'ROLE_INSTITUTIONS_ADMIN', 'ROLE_ADMIN', 'ROLE_TICKET_ADMIN', 'ROLE_MANAGE_REPORTS', 'ROLE_EMPLOYEE'];

type Mode = 'one' | 'many';
type Errors = Partial<Record<'receiver' | 'audience' | 'subject' | 'text' | 'attachments', string>>;

const ids = (values: OptionValue[]) => values.map(Number);

interface ComposeMessageProps {
  /** Answering this message (to its sender); otherwise a new message (staff). */
  replyTo: Message | null;
  onDone: () => void;
}

/**
 * A new message to one person (a searchable list of the people the writer may reach) or to many (places, roles or
 * everyone, with the number of receivers shown and a confirmation before sending), or an answer to a message.
 */
export function ComposeMessage({ replyTo, onDone }: ComposeMessageProps) {
  const { t } = useTranslation(['messages', 'common']);
  const id = useId();
  const confirm = useConfirm();
  const [mode, setMode] = useState<Mode>('one');
  const [search, setSearch] = useState('');
  const [receiverId, setReceiverId] = useState<number | null>(null);
  const [audience, setAudience] = useState<Audience>(EMPTY_AUDIENCE);
  const [subject, setSubject] = useState(replyTo ? `Re: ${replyTo.subject}`.slice(0, SUBJECT_MAX) : '');
  const [text, setText] = useState('');
  const [attachments, setAttachments] = useState<File[]>([]);
  const [errors, setErrors] = useState<Errors>({});
  const sendOne = useSendMessage();
  const sendMany = useSendMany();
  const isNew = replyTo === null;
  const many = isNew && mode === 'many';
  const people = useReceivers({ search, perPage: 20 }, isNew && mode === 'one');
  const counted = useReceivers({ ...audience, perPage: 1 }, many && !isEmptyAudience(audience));
  const institutions = useStaffOptions(OPTION_PATHS.institutions, {}, many);
  const classrooms = useStaffOptions(OPTION_PATHS.classrooms, {}, many);
  const childrenGroups = useStaffOptions(OPTION_PATHS.childrenGroups, {}, many);
  const workersGroups = useStaffOptions(WORKERS_GROUPS_OPTIONS, {}, many);
  const pending = sendOne.isPending || sendMany.isPending;

  const setPlaces = (key: keyof Omit<Audience, 'everyone' | 'roles'>) => (values: OptionValue[]) =>
    setAudience((previous) => ({ ...previous, [key]: ids(values) }));

  const validate = (): boolean => {
    const found: Errors = {};
    const required = t('common:validation.required');
    if (isNew && mode === 'one' && receiverId === null) found.receiver = required;
    if (many && isEmptyAudience(audience)) found.audience = t('messages:audienceRequired');
    if (!subject.trim()) found.subject = required;
    if (!text.trim()) found.text = required;
    if (attachments.length > MAX_ATTACHMENTS) found.attachments = t('messages:tooManyFiles', { count: MAX_ATTACHMENTS });
    setErrors(found);
    return Object.keys(found).length === 0;
  };

  const onError = (error: unknown) => {
    if (!(error instanceof ApiError)) {
      notify({ type: 'error', message: t('messages:sendFailed') });
      return;
    }
    const fields = error.fieldErrors;
    const shown: Errors = {};
    const join = (list: string[] | undefined) => list?.map(translateServerMessage).join(' ');
    if (fields.receiverId) shown.receiver = join(fields.receiverId);
    if (fields.subject) shown.subject = join(fields.subject);
    if (fields.text) shown.text = join(fields.text);
    if (fields.attachments) shown.attachments = join(fields.attachments);
    setErrors(shown);
    if (Object.keys(shown).length === 0) notify({ type: 'error', message: translateServerMessage(error.message) });
  };
  const onSent = () => {
    notify({ type: 'success', message: t('messages:sent') });
    onDone();
  };

  const submit = async () => {
    if (!validate()) return;
    const fields = { subject: subject.trim(), text, attachments };
    if (!isNew) {
      sendOne.mutate({ ...fields, replyToId: replyTo.id }, { onSuccess: onSent, onError });
      return;
    }
    if (mode === 'one') {
      sendOne.mutate({ ...fields, receiverId: receiverId ?? undefined }, { onSuccess: onSent, onError });
      return;
    }
    const total = counted.data?.total;
    const confirmed = await confirm({
      title: t('messages:confirmManyTitle'),
      body: total === undefined ? t('messages:confirmManyUnknown') : t('messages:confirmMany', { count: total }),
      confirmLabel: t('messages:send'),
    });
    if (confirmed) sendMany.mutate({ ...fields, ...audience }, { onSuccess: onSent, onError });
  };

  const title = isNew ? t('messages:newMessage') : t('messages:replyTo', { name: replyTo.sender.fullName });
  return (
    <Card as="section" className="mt-4" aria-label={title}>
      <Card.Header className="d-flex align-items-center">
        <h2 className="h5 mb-0 me-auto">{title}</h2>
        <Button size="sm" variant="outline-secondary" onClick={onDone}>
          {t('messages:cancel')}
        </Button>
      </Card.Header>
      <Card.Body>
        <Form
          noValidate
          aria-label={title}
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          {isNew && (
            <Form.Group className="mb-3">
              <Form.Check
                inline
                type="radio"
                id={`${id}-one`}
                name={`${id}-mode`}
                label={t('messages:toOne')}
                checked={mode === 'one'}
                onChange={() => setMode('one')}
              />
              <Form.Check
                inline
                type="radio"
                id={`${id}-many`}
                name={`${id}-mode`}
                label={t('messages:toMany')}
                checked={mode === 'many'}
                onChange={() => setMode('many')}
              />
            </Form.Group>
          )}
          {isNew && mode === 'one' && (
            <div className="row g-2 mb-3">
              <Form.Group className="col-md-5" controlId={`${id}-search`}>
                <Form.Label>{t('messages:searchPerson')}</Form.Label>
                <Form.Control type="search" value={search} maxLength={100} onChange={(event) => setSearch(event.target.value)} />
              </Form.Group>
              <Form.Group className="col-md-7" controlId={`${id}-receiver`}>
                <Form.Label>{t('messages:fields.receiver')}</Form.Label>
                <Form.Select
                  value={receiverId ?? ''}
                  isInvalid={errors.receiver !== undefined}
                  onChange={(event) => setReceiverId(event.target.value ? Number(event.target.value) : null)}
                >
                  <option value="">{t('messages:choosePerson')}</option>
                  {(people.data?.items ?? []).map((person) => (
                    <option key={person.id} value={person.id}>
                      {person.fullName}
                    </option>
                  ))}
                </Form.Select>
                <Form.Control.Feedback type="invalid">{errors.receiver}</Form.Control.Feedback>
              </Form.Group>
            </div>
          )}
          {many && (
            <fieldset className="mb-3">
              <legend className="fs-6">{t('messages:audience')}</legend>
              <Form.Check
                type="checkbox"
                id={`${id}-everyone`}
                label={t('messages:everyone')}
                checked={audience.everyone}
                onChange={(event) => setAudience((previous) => ({ ...previous, everyone: event.target.checked }))}
              />
              <div className="row g-2 mt-1">
                <div className="col-md-6">
                  <MultiSelect label={t('messages:fields.institutions')} options={institutions.data ?? []} value={audience.institutionIds} onChange={setPlaces('institutionIds')} />
                </div>
                <div className="col-md-6">
                  <MultiSelect label={t('messages:fields.classrooms')} options={classrooms.data ?? []} value={audience.classroomIds} onChange={setPlaces('classroomIds')} />
                </div>
                <div className="col-md-6">
                  <MultiSelect label={t('messages:fields.childrenGroups')} options={childrenGroups.data ?? []} value={audience.childrenGroupIds} onChange={setPlaces('childrenGroupIds')} />
                </div>
                <div className="col-md-6">
                  <MultiSelect label={t('messages:fields.workersGroups')} options={workersGroups.data ?? []} value={audience.workersGroupIds} onChange={setPlaces('workersGroupIds')} />
                </div>
                <div className="col-md-6">
                  <MultiSelect
                    label={t('messages:fields.roles')}
                    options={AUDIENCE_ROLES.map((role) => ({ value: role, text: t(`common:roles.${role}`) }))}
                    value={audience.roles}
                    onChange={(values) => setAudience((previous) => ({ ...previous, roles: values.map(String) }))}
                  />
                </div>
              </div>
              {errors.audience && <div className="text-danger small mt-1">{errors.audience}</div>}
              {!isEmptyAudience(audience) && counted.data && (
                <Alert variant="info" className="mt-2 mb-0 py-2" role="status">
                  {t('messages:receiversCount', { count: counted.data.total })}
                </Alert>
              )}
            </fieldset>
          )}
          <Form.Group className="mb-3" controlId={`${id}-subject`}>
            <Form.Label>{t('messages:fields.subject')}</Form.Label>
            <Form.Control value={subject} maxLength={SUBJECT_MAX} isInvalid={errors.subject !== undefined} onChange={(event) => setSubject(event.target.value)} />
            <Form.Control.Feedback type="invalid">{errors.subject}</Form.Control.Feedback>
          </Form.Group>
          <Form.Group className="mb-3" controlId={`${id}-text`}>
            <Form.Label>{t('messages:fields.text')}</Form.Label>
            <Form.Control
              as="textarea"
              rows={6}
              value={text}
              maxLength={TEXT_MAX}
              isInvalid={errors.text !== undefined}
              onChange={(event) => setText(event.target.value)}
            />
            <Form.Control.Feedback type="invalid">{errors.text}</Form.Control.Feedback>
          </Form.Group>
          <Form.Group className="mb-3" controlId={`${id}-attachments`}>
            <Form.Label>{t('messages:fields.attachments')}</Form.Label>
            <Form.Control
              type="file"
              multiple
              accept={ACCEPT}
              isInvalid={errors.attachments !== undefined}
              onChange={(event) => setAttachments(Array.from((event.target as HTMLInputElement).files ?? []))}
            />
            <Form.Text>{t('messages:attachmentsHelp', { count: MAX_ATTACHMENTS })}</Form.Text>
            <Form.Control.Feedback type="invalid">{errors.attachments}</Form.Control.Feedback>
          </Form.Group>
          <FormActionButton type="submit" pending={pending}>
            {t('messages:send')}
          </FormActionButton>
        </Form>
      </Card.Body>
    </Card>
  );
}
