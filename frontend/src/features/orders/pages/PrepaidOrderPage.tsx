import { useId, useState } from 'react';
import { Alert, Button, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { LoadingSpinner } from '@/components/LoadingSpinner';
import { PageHeader } from '@/components/PageHeader';
import { SectionCard } from '@/components/SectionCard';
import { notify } from '@/components/toasts/toast-store';
import { calendarMonthQuery } from '@/lib/calendar/calendar-days';
import { useReceivers } from '@/lib/calendar/receivers';
import { addMonths, monthOf, todayIso } from '@/lib/calendar/dates';
import type { CurrentUser } from '@/lib/session/get-current-user';
import { useSession } from '@/lib/session/session-context';
import { presencesMarkingConfigEndpoint } from '@/lib/settings/presences-marking-config';
import { useCreatePrepaidOrder } from '@/lib/orders/orders';
import { mayOrderPrepaid } from '@/lib/orders/prepaid';
import { SubjectPicker, type PickedSubject } from '../components/SubjectPicker';

const subjectValue = (subject: PickedSubject) => `${subject.type}/${subject.id}`;

/** `/orders/createPrepaidOrder`: a month of school days at once (customers when the tenant allows it, admins always). */
export function PrepaidOrderPage() {
  const { t } = useTranslation('orders');
  const { user } = useSession();
  const config = useQuery(presencesMarkingConfigEndpoint.queryOptions());
  if (!user || config.isPending) return <LoadingSpinner />;
  const isAdmin = user.roles.includes('ROLE_ADMIN');
  if (!mayOrderPrepaid(user.roles, config.data)) {
    return (
      <section>
        <PageHeader title={t('prepaid.title')} />
        <Alert variant="info">{t('prepaid.notAllowed')}</Alert>
      </section>
    );
  }
  return <PrepaidOrderForm user={user} isAdmin={isAdmin} />;
}

function PrepaidOrderForm({ user, isAdmin }: { user: CurrentUser; isAdmin: boolean }) {
  const { t } = useTranslation('orders');
  const { receivers } = useReceivers(user);
  const [picked, setPicked] = useState<PickedSubject | null>(null);
  const subject = picked ?? (isAdmin ? null : (receivers[0] ?? null));
  const [month, setMonth] = useState(addMonths(monthOf(todayIso()), 1));
  const [mealTypeIds, setMealTypeIds] = useState<number[]>([]);
  const [note, setNote] = useState('');
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const create = useCreatePrepaidOrder();
  const navigate = useNavigate();
  const receiverId = useId();
  const monthId = useId();
  const noteId = useId();
  const calendar = useQuery({ ...calendarMonthQuery(subject ?? { type: 'child', id: 0 }, month), enabled: subject !== null });
  const mealTypes = new Map<number, string>();
  for (const day of calendar.data?.days ?? []) for (const offer of day.available) mealTypes.set(offer.mealTypeId, offer.mealTypeName);

  const submit = async () => {
    if (!subject || mealTypeIds.length === 0) return;
    const { id } = await create.mutateAsync({ subjectType: subject.type, subjectId: subject.id, month, mealTypeIds, note, idempotencyKey });
    notify({ type: 'success', message: t('prepaid.created', { id }) });
    void navigate(`/orders/${id}`);
  };

  return (
    <section>
      <PageHeader title={t('prepaid.title')} />
      <p>{t('prepaid.intro')}</p>
      <Form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <SectionCard title={t('form.subject')}>
          {isAdmin ? (
            <SubjectPicker value={subject} onChange={setPicked} />
          ) : (
            <Form.Group controlId={receiverId}>
              <Form.Label>{t('fields.receiver')}</Form.Label>
              <Form.Select
                value={subject ? subjectValue(subject) : ''}
                onChange={(event) => setPicked(receivers.find((receiver) => subjectValue(receiver) === event.target.value) ?? null)}
              >
                {receivers.map((receiver) => (
                  <option key={subjectValue(receiver)} value={subjectValue(receiver)}>
                    {receiver.name}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
          )}
        </SectionCard>
        <SectionCard title={t('fields.meals')}>
          <Form.Group controlId={monthId} className="mb-3" style={{ maxWidth: 240 }}>
            <Form.Label>{t('fields.month')}</Form.Label>
            <Form.Control type="month" value={month} min={monthOf(todayIso())} onChange={(event) => setMonth(event.target.value)} />
          </Form.Group>
          {subject && calendar.isPending ? (
            <LoadingSpinner />
          ) : (
            <fieldset>
              <legend className="fs-6">{t('fields.mealTypes')}</legend>
              {[...mealTypes.entries()].map(([id, name]) => (
                <Form.Check
                  key={id}
                  type="checkbox"
                  id={`prepaid-meal-${id}`}
                  label={name}
                  checked={mealTypeIds.includes(id)}
                  onChange={(event) =>
                    setMealTypeIds((previous) => (event.target.checked ? [...previous, id] : previous.filter((value) => value !== id)))
                  }
                />
              ))}
            </fieldset>
          )}
        </SectionCard>
        <Form.Group controlId={noteId} className="mb-3">
          <Form.Label>{t('fields.note')}</Form.Label>
          <Form.Control as="textarea" rows={3} maxLength={1000} value={note} onChange={(event) => setNote(event.target.value)} />
        </Form.Group>
        <Button type="submit" disabled={!subject || mealTypeIds.length === 0 || create.isPending}>
          {t('prepaid.submit')}
        </Button>
      </Form>
    </section>
  );
}
