import { useId, useState } from 'react';
import { Alert, Button, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { parseRouteId } from '@/components/crud';
import { LoadingSpinner } from '@/components/LoadingSpinner';
import { PageHeader } from '@/components/PageHeader';
import { SectionCard } from '@/components/SectionCard';
import { notify } from '@/components/toasts/toast-store';
import { todayIso } from '@/lib/calendar/dates';
import { useSession } from '@/lib/session/session-context';
import { useCreateOrder, useOrder, useUpdateOrder, type OrderDetail, type OrderWriteRequest } from '@/lib/orders/orders';
import { DatesPicker } from '../components/DatesPicker';
import { formatMoney } from '@/lib/format';
import { SubjectPicker, type PickedSubject } from '../components/SubjectPicker';
import { useOffers, type MealChoice } from '../components/use-offers';

interface FormState {
  subject: PickedSubject | null;
  dates: string[];
  meals: MealChoice[];
  note: string;
}

/** A copy takes the order's receiver and meals (and its days still to come); an edit the same, from today on. */
function stateFrom(order: OrderDetail): FormState {
  const today = todayIso();
  const live = order.items.filter((item) => item.status !== 'cancelled');
  const source = live.length > 0 ? live : order.items;
  const first = source[0];
  const meals = new Map<number, MealChoice>();
  for (const item of source) {
    if (!meals.has(item.mealType.id)) meals.set(item.mealType.id, { mealTypeId: item.mealType.id, portionSizeId: item.portionSize.id });
  }
  return {
    subject: first ? { type: first.subject.type, id: first.subject.id, name: first.subject.name } : null,
    dates: [...new Set(source.filter((item) => item.date >= today && item.status === 'active').map((item) => item.date))].sort(),
    meals: [...meals.values()],
    note: order.note ?? '',
  };
}

const EMPTY: FormState = { subject: null, dates: [], meals: [], note: '' };

/** `/orders/create/:orderId?` (a new order, or a copy) and `/orders/:orderId/edit`. */
export function OrderFormPage({ mode }: { mode: 'create' | 'edit' }) {
  const { t } = useTranslation('orders');
  const orderId = parseRouteId(useParams().orderId);
  const source = useOrder(orderId);
  const { user } = useSession();
  if (orderId !== null && source.isError) return <Alert variant="warning">{t('notFound')}</Alert>;
  if (!user || (orderId !== null && !source.data)) return <LoadingSpinner />;
  const isStaff = user.roles.some((role) => role === 'ROLE_ADMIN' || role === 'ROLE_INSTITUTIONS_ADMIN');
  const self: PickedSubject | null = isStaff ? null : { type: 'institution_worker', id: user.id, name: user.fullName };
  const initial = source.data ? stateFrom(source.data) : { ...EMPTY, subject: self };
  // A new key per source order: the form starts again from it.
  return <OrderForm key={orderId ?? 'new'} mode={mode} orderId={orderId} initial={initial} isStaff={isStaff} />;
}

interface OrderFormProps {
  mode: 'create' | 'edit';
  orderId: number | null;
  initial: FormState;
  isStaff: boolean;
}

function OrderForm({ mode, orderId, initial, isStaff }: OrderFormProps) {
  const { t, i18n } = useTranslation(['orders', 'common']);
  const [state, setState] = useState<FormState>(initial);
  const [error, setError] = useState('');
  // One key per form: a double click or a retry of the same submit answers the first order.
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const createOrder = useCreateOrder();
  const updateOrder = useUpdateOrder();
  const navigate = useNavigate();
  const noteId = useId();
  const { offers, isPending: offersPending, total } = useOffers(state.subject, state.dates);

  const offered = new Set(offers.map((offer) => offer.mealTypeId));
  const chosen = state.meals.filter((meal) => offered.has(meal.mealTypeId));
  const amount = total(chosen);
  const title =
    mode === 'edit'
      ? t('form.editTitle', { id: orderId })
      : orderId !== null
        ? t('form.copyTitle', { id: orderId })
        : t('form.createTitle');

  const toggleMeal = (mealTypeId: number, checked: boolean, portionSizeId: number | null) =>
    setState((previous) => ({
      ...previous,
      meals: checked
        ? [...previous.meals.filter((meal) => meal.mealTypeId !== mealTypeId), { mealTypeId, portionSizeId }]
        : previous.meals.filter((meal) => meal.mealTypeId !== mealTypeId),
    }));

  const submit = async () => {
    setError('');
    if (!state.subject) return setError(t('form.noSubject'));
    if (state.dates.length === 0) return setError(t('form.chooseDay'));
    if (chosen.length === 0) return setError(t('form.chooseMeal'));
    const body: OrderWriteRequest = {
      subjectType: state.subject.type,
      subjectId: state.subject.id,
      // An item's note is the server's default (empty): the form has one note, for the whole order.
      items: state.dates.flatMap((date) =>
        chosen.map((meal) => ({ date, mealTypeId: meal.mealTypeId, portionSizeId: meal.portionSizeId, note: '' })),
      ),
      note: state.note,
    };
    if (mode === 'edit' && orderId !== null) {
      await updateOrder.mutateAsync({ id: orderId, body });
      notify({ type: 'success', message: t('form.saved') });
      void navigate(`/orders/${orderId}`);
      return;
    }
    const { id } = await createOrder.mutateAsync({ ...body, idempotencyKey });
    notify({ type: 'success', message: t('form.created', { id }) });
    void navigate(`/orders/${id}`);
  };

  const pending = createOrder.isPending || updateOrder.isPending;
  return (
    <section>
      <PageHeader title={title} />
      <Form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <SectionCard title={t('form.subject')}>
          {isStaff && mode === 'create' ? (
            <SubjectPicker value={state.subject} onChange={(subject) => setState((previous) => ({ ...previous, subject }))} />
          ) : (
            <p className="mb-0">{state.subject?.name ?? t('form.self')}</p>
          )}
        </SectionCard>
        <SectionCard title={t('fields.dates')}>
          <DatesPicker value={state.dates} onChange={(dates) => setState((previous) => ({ ...previous, dates }))} />
        </SectionCard>
        <SectionCard title={t('fields.meals')}>
          {!state.subject ? (
            <p className="text-body-secondary mb-0">{t('form.noSubject')}</p>
          ) : state.dates.length === 0 ? (
            <p className="text-body-secondary mb-0">{t('form.noMeals')}</p>
          ) : offersPending ? (
            <LoadingSpinner />
          ) : offers.length === 0 ? (
            <p className="text-body-secondary mb-0">{t('form.notAvailable')}</p>
          ) : (
            offers.map((offer) => {
              const choice = state.meals.find((meal) => meal.mealTypeId === offer.mealTypeId);
              const defaultPortion = offer.portionSizes.find((size) => size.isDefault) ?? offer.portionSizes[0];
              return (
                <div key={offer.mealTypeId} className="d-flex flex-wrap align-items-center gap-3 mb-2">
                  <Form.Check
                    type="checkbox"
                    id={`meal-${offer.mealTypeId}`}
                    label={offer.mealTypeName}
                    aria-label={t('form.meal', { meal: offer.mealTypeName })}
                    checked={choice !== undefined}
                    onChange={(event) => toggleMeal(offer.mealTypeId, event.target.checked, choice?.portionSizeId ?? defaultPortion?.id ?? null)}
                  />
                  {offer.portionSizes.length > 1 && (
                    <Form.Select
                      size="sm"
                      style={{ maxWidth: 200 }}
                      aria-label={`${t('fields.portionSize')}: ${offer.mealTypeName}`}
                      value={choice?.portionSizeId ?? defaultPortion?.id}
                      disabled={choice === undefined}
                      onChange={(event) => toggleMeal(offer.mealTypeId, true, Number(event.target.value))}
                    >
                      {offer.portionSizes.map((size) => (
                        <option key={size.id} value={size.id}>
                          {size.name}
                        </option>
                      ))}
                    </Form.Select>
                  )}
                </div>
              );
            })
          )}
          {amount && <p className="fw-semibold mt-2 mb-0">{t('form.preview', { amount: formatMoney(amount, i18n.language) })}</p>}
        </SectionCard>
        <Form.Group controlId={noteId} className="mb-3">
          <Form.Label>{t('fields.note')}</Form.Label>
          <Form.Control
            as="textarea"
            rows={3}
            maxLength={1000}
            value={state.note}
            onChange={(event) => setState((previous) => ({ ...previous, note: event.target.value }))}
          />
        </Form.Group>
        {error && (
          <Alert variant="danger" role="alert">
            {error}
          </Alert>
        )}
        <Button type="submit" disabled={pending}>
          {mode === 'edit' ? t('form.save') : t('form.submit')}
        </Button>
      </Form>
    </section>
  );
}
