import { useId, useState } from 'react';
import { Alert, Button, Form, Modal, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@/lib/format';
import { DECIMAL_INPUT_PATTERN, DEFAULT_CURRENCY, isNegativeAmount, toDecimalString, type Money } from '@/lib/money';
import type { IsoDate } from '@/lib/calendar/dates';
import {
  addMoney,
  batchCommands,
  multiplyMoney,
  planAbsences,
  planDefaults,
  planPresences,
  subtractMoney,
  type MealChoice,
  type OfferedMealType,
  type Plan,
  type ReceiverDays,
} from '../model/plan';
import type { AbsencesRequest, PresencesRequest } from '@/lib/calendar/types';
import { mealTypeClashAllergens } from '../model/clashes';
import { AllergenClashMark } from './AllergenClashMark';

export type SheetMode = 'order' | 'cancel';

/** The server's limit of a meal's note (PresenceMealTypeSerializer). */
const NOTE_MAX_LENGTH = 500;

export interface MarkSheetProps {
  mode: SheetMode;
  receivers: readonly ReceiverDays[];
  dates: readonly IsoDate[];
  offered: readonly OfferedMealType[];
  staff: boolean;
  showPrices: boolean;
  balance: Money | undefined;
  /**
   * The manipulation fee charged per marking request (one for all the receivers sent together): customers pay
   * the tenant's fee when it is on; staff choose whether to add one, starting from the tenant's default amount.
   */
  manipulationFee: Money | null;
  defaultManipulationFee: Money | null;
  chargesOnOrderDay: boolean;
  /** The tenant lets customers leave a note for the kitchen (presences marking config). */
  allowNotes: boolean;
  pending: boolean;
  onHide: () => void;
  /** `staffFee`: the fee staff chose to add (its amount), or null. */
  onOrder: (plan: Plan<PresencesRequest>, staffFee: string | null) => void;
  /** Orders each receiver's usual meal types (their automarking choice) on the selected days. */
  onOrderDefaults: (plan: Plan<{ dates: string[] }>) => void;
  onCancelMeals: (plan: Plan<AbsencesRequest>) => void;
}

/**
 * The bottom sheet of the calendar (a full-screen modal on a phone): meal types and portion sizes to order,
 * or the meals to cancel; the total to pay (or the refund) and the balance afterwards, when prices are visible.
 */
export function MarkSheet(props: MarkSheetProps) {
  const { mode, receivers, dates, offered, staff, showPrices, balance, manipulationFee, chargesOnOrderDay, allowNotes, pending } = props;
  const { t } = useTranslation('calendar');
  const id = useId();
  const [choices, setChoices] = useState<MealChoice[]>(() => (offered.length === 1 && offered[0] ? [{ mealTypeId: offered[0].id }] : []));

  const [note, setNote] = useState('');
  const plan = mode === 'order' ? planPresences(receivers, dates, choices, staff, note) : planAbsences(receivers, dates, staff);
  const [addFee, setAddFee] = useState(false);
  const [feeAmount, setFeeAmount] = useState(props.defaultManipulationFee?.amount ?? '0.00');
  const validFee = DECIMAL_INPUT_PATTERN.test(feeAmount.trim());
  const staffFee = staff && addFee && validFee ? toDecimalString(feeAmount) : null;
  const feePerAction = staff ? (staffFee ? { amount: staffFee, currency: DEFAULT_CURRENCY } : null) : manipulationFee;
  // The server takes the fee once per request; receivers with the same request go in one (batchCommands).
  const requests = batchCommands<PresencesRequest | AbsencesRequest>(plan.commands).length;
  const fee = mode === 'order' && feePerAction && requests > 0 ? multiplyMoney(feePerAction, requests) : null;
  const toPay = plan.total && fee ? addMoney(plan.total, fee) : plan.total;
  const after =
    showPrices && balance && toPay && (mode === 'cancel' || !chargesOnOrderDay)
      ? mode === 'order'
        ? subtractMoney(balance, toPay)
        : addMoney(balance, toPay)
      : null;

  const toggle = (mealTypeId: number) =>
    setChoices((current) =>
      current.some((choice) => choice.mealTypeId === mealTypeId)
        ? current.filter((choice) => choice.mealTypeId !== mealTypeId)
        : [...current, { mealTypeId }],
    );
  const setPortion = (mealTypeId: number, portionSizeId: number | undefined) =>
    setChoices((current) => current.map((choice) => (choice.mealTypeId === mealTypeId ? { mealTypeId, portionSizeId } : choice)));

  const title = mode === 'order' ? t('sheet.orderTitle') : t('sheet.cancelTitle');
  const names = plan.commands.map((command) => command.name).join(', ');

  return (
    <Modal show onHide={props.onHide} centered fullscreen="sm-down" aria-labelledby={`${id}-title`}>
      <Modal.Header closeButton closeLabel={t('common:close')}>
        <Modal.Title id={`${id}-title`} as="h2" className="h5">
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="mb-2">{t('sheet.daysSelected', { count: dates.length })}</p>
        {mode === 'order' && (
          <fieldset className="mb-3">
            <legend className="fs-6 fw-semibold">{t('sheet.mealTypes')}</legend>
            {offered.length === 0 && <Alert variant="info">{t('sheet.nothingOffered')}</Alert>}
            {offered.map((mealType) => {
              const choice = choices.find((candidate) => candidate.mealTypeId === mealType.id);
              const clashing = mealTypeClashAllergens(receivers, dates, mealType.id);
              return (
                <div key={mealType.id} className="d-flex flex-wrap align-items-center gap-2 mb-2">
                  <Form.Check
                    id={`${id}-meal-${mealType.id}`}
                    className="fs-5 me-auto"
                    label={mealType.name}
                    checked={!!choice}
                    onChange={() => toggle(mealType.id)}
                  />
                  {choice && mealType.portionSizes.length > 1 && (
                    <Form.Select
                      size="sm"
                      style={{ maxWidth: '12rem' }}
                      aria-label={t('sheet.portionSizeOf', { mealType: mealType.name })}
                      value={choice.portionSizeId ?? ''}
                      onChange={(event) => setPortion(mealType.id, event.target.value ? Number(event.target.value) : undefined)}
                    >
                      <option value="">{t('sheet.defaultPortion')}</option>
                      {mealType.portionSizes.map((portion) => (
                        <option key={portion.id} value={portion.id}>
                          {portion.name}
                        </option>
                      ))}
                    </Form.Select>
                  )}
                  {clashing.length > 0 && (
                    <div className="w-100">
                      <AllergenClashMark allergens={clashing} />
                    </div>
                  )}
                </div>
              );
            })}
          </fieldset>
        )}
        {mode === 'order' && staff && (
          <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
            <Form.Check id={`${id}-add-fee`} label={t('sheet.addManipulationFee')} checked={addFee} onChange={() => setAddFee((current) => !current)} />
            {addFee && (
              <Form.Control
                size="sm"
                style={{ maxWidth: '8rem' }}
                inputMode="decimal"
                aria-label={t('sheet.manipulationFeeAmount')}
                isInvalid={!validFee}
                value={feeAmount}
                onChange={(event) => setFeeAmount(event.target.value)}
              />
            )}
          </div>
        )}
        {mode === 'order' && allowNotes && (
          <Form.Group className="mb-3" controlId={`${id}-note`}>
            <Form.Label>{t('sheet.note')}</Form.Label>
            <Form.Control as="textarea" rows={2} maxLength={NOTE_MAX_LENGTH} value={note} onChange={(event) => setNote(event.target.value)} />
          </Form.Group>
        )}
        <Table size="sm" className="mb-2" aria-label={t('sheet.summary')}>
          <tbody>
            <tr>
              <th scope="row">{t('sheet.receivers')}</th>
              <td className="text-end">{names || '—'}</td>
            </tr>
            <tr>
              <th scope="row">{mode === 'order' ? t('sheet.mealsToOrder') : t('sheet.mealsToCancel')}</th>
              <td className="text-end">{plan.count}</td>
            </tr>
            {showPrices && fee && (
              <tr>
                <th scope="row">{t('sheet.manipulationFee')}</th>
                <td className="text-end">{formatMoney(fee)}</td>
              </tr>
            )}
            {showPrices && (
              <tr>
                <th scope="row">{mode === 'order' ? t('sheet.totalToPay') : t('sheet.refund')}</th>
                <td className="text-end fw-bold">{toPay ? formatMoney(toPay) : '—'}</td>
              </tr>
            )}
            {after && (
              <tr>
                <th scope="row">{t('sheet.balanceAfter')}</th>
                <td className={`text-end fw-bold ${isNegativeAmount(after.amount) ? 'text-danger' : ''}`}>{formatMoney(after)}</td>
              </tr>
            )}
          </tbody>
        </Table>
        {after && isNegativeAmount(after.amount) && <Alert variant="warning">{t('sheet.negativeBalance')}</Alert>}
        {mode === 'order' && <p className="small text-body-secondary mb-1">{t('sheet.orderDefaultsHint')}</p>}
        {mode === 'order' && chargesOnOrderDay && <p className="small text-body-secondary mb-0">{t('sheet.chargedOnOrderDay')}</p>}
        {mode === 'cancel' && plan.servedDays ? <Alert variant="info">{t('sheet.servedLeftOut', { count: plan.servedDays })}</Alert> : null}
        {mode === 'cancel' && <p className="small text-body-secondary mb-0">{t('sheet.cancelHint')}</p>}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" size="lg" onClick={props.onHide}>
          {t('common:cancel')}
        </Button>
        {mode === 'order' && (
          <Button
            variant="outline-primary"
            size="lg"
            disabled={pending || dates.length === 0}
            onClick={() => props.onOrderDefaults(planDefaults(receivers, dates, staff))}
          >
            {t('sheet.orderDefaults')}
          </Button>
        )}
        {mode === 'order' ? (
          <Button size="lg" disabled={pending || plan.commands.length === 0 || (staff && addFee && !validFee)} onClick={() => props.onOrder(plan as Plan<PresencesRequest>, staffFee)}>
            {t('sheet.confirmOrder')}
          </Button>
        ) : (
          <Button
            size="lg"
            variant="danger"
            disabled={pending || plan.commands.length === 0}
            onClick={() => props.onCancelMeals(plan as Plan<AbsencesRequest>)}
          >
            {t('sheet.confirmCancel')}
          </Button>
        )}
      </Modal.Footer>
    </Modal>
  );
}
