import { useId, useState } from 'react';
import { Button, Form, ListGroup } from 'react-bootstrap';
import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { OPTION_PATHS, useStaffOptions } from '@/lib/calendar/options';
import type { RouteNumberValues } from './route-number-form';
import { moveStop } from './route-stops';

/** The route's stops as an ordered list of institutions: add one, move it up or down, remove it. */
export function RouteStopsField() {
  const { t } = useTranslation('routeNumbers');
  const id = useId();
  const institutions = useStaffOptions(OPTION_PATHS.institutions);
  const { field } = useController<RouteNumberValues, 'institutionIds'>({ name: 'institutionIds' });
  const [chosen, setChosen] = useState('');
  const stops = field.value ?? [];
  const names = new Map((institutions.data ?? []).map((option) => [Number(option.value), option.text]));
  const available = (institutions.data ?? []).filter((option) => !stops.includes(Number(option.value)));
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{t('stops')}</Form.Label>
      {stops.length === 0 ? (
        <p className="small text-body-secondary mb-2">{t('noStops')}</p>
      ) : (
        <ListGroup as="ol" numbered className="mb-2" aria-label={t('stops')}>
          {stops.map((institutionId, index) => {
            const name = names.get(institutionId) ?? `#${institutionId}`;
            return (
              <ListGroup.Item as="li" key={institutionId} className="d-flex align-items-center gap-2">
                <span className="me-auto">{name}</span>
                <Button size="sm" variant="outline-secondary" aria-label={t('moveUp', { name })} disabled={index === 0} onClick={() => field.onChange(moveStop(stops, index, -1))}>
                  ↑
                </Button>
                <Button
                  size="sm"
                  variant="outline-secondary"
                  aria-label={t('moveDown', { name })}
                  disabled={index === stops.length - 1}
                  onClick={() => field.onChange(moveStop(stops, index, 1))}
                >
                  ↓
                </Button>
                <Button size="sm" variant="outline-danger" aria-label={t('removeStop', { name })} onClick={() => field.onChange(stops.filter((stop) => stop !== institutionId))}>
                  ×
                </Button>
              </ListGroup.Item>
            );
          })}
        </ListGroup>
      )}
      <div className="d-flex gap-2">
        <Form.Select aria-label={t('chooseStop')} value={chosen} onChange={(event) => setChosen(event.target.value)}>
          <option value="">{t('chooseStop')}</option>
          {available.map((option) => (
            <option key={option.value} value={String(option.value)}>
              {option.text}
            </option>
          ))}
        </Form.Select>
        <Button
          variant="outline-primary"
          disabled={!chosen}
          onClick={() => {
            field.onChange([...stops, Number(chosen)]);
            setChosen('');
          }}
        >
          {t('addStop')}
        </Button>
      </div>
      <Form.Text>{t('stopsHelp')}</Form.Text>
    </Form.Group>
  );
}
