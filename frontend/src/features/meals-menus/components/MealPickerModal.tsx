import { useId, useMemo, useState } from 'react';
import { Alert, Badge, Button, Form, ListGroup, Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { FormActionButton } from '@/components/FormActionButton';
import { LoadingSpinner } from '@/components/LoadingSpinner';
import { useMealOptions, type MealOption } from '@/lib/meals-menus/options';

export interface ChosenMeal {
  id: number;
  name: string;
}

interface MealPickerModalProps {
  /** What the modal edits, e.g. "Lunch · Monday, 2 November". */
  title: string;
  initial: ChosenMeal[];
  pending: boolean;
  onSave: (mealsIds: number[]) => void;
  onClose: () => void;
}

const SHOWN_RESULTS = 50;

/** Folds Polish letters, so "zurek" finds "Żurek". */
const fold = (text: string) =>
  text
    .toLocaleLowerCase('pl')
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .replace(/ł/g, 'l');

/** Chooses the meals of one cell: search as you type, add with a click or Enter, reorder, remove, save. */
export function MealPickerModal({ title, initial, pending, onSave, onClose }: MealPickerModalProps) {
  const { t } = useTranslation('mealsMenus');
  const titleId = useId();
  const searchId = useId();
  const options = useMealOptions();
  const [chosen, setChosen] = useState<ChosenMeal[]>(initial);
  const [search, setSearch] = useState('');

  const results = useMemo(() => {
    const needle = fold(search.trim());
    const taken = new Set(chosen.map((meal) => meal.id));
    return (options.data ?? []).filter((meal) => !taken.has(meal.value) && (!needle || fold(meal.text).includes(needle)));
  }, [options.data, search, chosen]);

  const add = (meal: MealOption) => {
    setChosen((current) => [...current, { id: meal.value, name: meal.text }]);
    setSearch('');
  };
  const move = (index: number, delta: number) =>
    setChosen((current) => {
      const next = [...current];
      const [meal] = next.splice(index, 1);
      if (meal) next.splice(index + delta, 0, meal);
      return next;
    });

  return (
    <Modal show onHide={onClose} aria-labelledby={titleId} size="lg">
      <Modal.Header closeButton>
        <Modal.Title id={titleId} as="h2" className="h5">
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <h3 className="h6">{t('picker.chosen')}</h3>
        {chosen.length === 0 ? (
          <p className="text-body-secondary">{t('picker.none')}</p>
        ) : (
          <ListGroup as="ol" numbered className="mb-3" aria-label={t('picker.chosen')}>
            {chosen.map((meal, index) => (
              <ListGroup.Item as="li" key={meal.id} className="d-flex align-items-center gap-2">
                <span className="flex-grow-1">{meal.name}</span>
                <Button size="sm" variant="outline-secondary" aria-label={t('picker.up', { name: meal.name })} disabled={index === 0} onClick={() => move(index, -1)}>
                  ↑
                </Button>
                <Button
                  size="sm"
                  variant="outline-secondary"
                  aria-label={t('picker.down', { name: meal.name })}
                  disabled={index === chosen.length - 1}
                  onClick={() => move(index, 1)}
                >
                  ↓
                </Button>
                <Button
                  size="sm"
                  variant="outline-danger"
                  aria-label={t('picker.remove', { name: meal.name })}
                  onClick={() => setChosen((current) => current.filter((item) => item.id !== meal.id))}
                >
                  ×
                </Button>
              </ListGroup.Item>
            ))}
          </ListGroup>
        )}
        <Form.Group controlId={searchId} className="mb-2">
          <Form.Label>{t('picker.search')}</Form.Label>
          <Form.Control
            type="search"
            autoFocus
            value={search}
            placeholder={t('picker.searchPlaceholder')}
            onChange={(event) => setSearch(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                if (results[0]) add(results[0]);
              }
            }}
          />
        </Form.Group>
        {options.isPending && <LoadingSpinner />}
        {options.isError && <Alert variant="danger">{options.error.message}</Alert>}
        {options.isSuccess && results.length === 0 && <p className="text-body-secondary">{t('picker.noResults')}</p>}
        <ListGroup className="overflow-auto" style={{ maxHeight: 300 }} aria-label={t('picker.results')}>
          {results.slice(0, SHOWN_RESULTS).map((meal) => (
            <ListGroup.Item key={meal.value} action onClick={() => add(meal)} aria-label={t('picker.add', { name: meal.text })}>
              {meal.text}
              {meal.allergens.length > 0 && (
                <Badge bg="light" text="dark" className="ms-2 fw-normal">
                  {meal.allergens.map((allergen) => allergen.number ?? allergen.name).join(', ')}
                </Badge>
              )}
            </ListGroup.Item>
          ))}
        </ListGroup>
        {results.length > SHOWN_RESULTS && <p className="small text-body-secondary mt-1">{t('picker.more', { count: results.length - SHOWN_RESULTS })}</p>}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onClose}>
          {t('common:cancel')}
        </Button>
        <FormActionButton pending={pending} onClick={() => onSave(chosen.map((meal) => meal.id))}>
          {t('common:save')}
        </FormActionButton>
      </Modal.Footer>
    </Modal>
  );
}
