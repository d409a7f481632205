import { useId } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Col, Form, Modal, Row } from 'react-bootstrap';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormActionButton } from '@/components/FormActionButton';
import { DateField } from '@/components/form';
import { applyServerErrors } from '@/lib/form-errors';

export interface CopyDaysValues {
  dateFrom: string;
  dateTo: string;
  targetDateFrom: string;
}

interface CopyDaysModalProps {
  menuFrom: string;
  menuTo: string;
  pending: boolean;
  onCopy: (values: CopyDaysValues) => Promise<unknown>;
  onClose: () => void;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const shift = (isoDate: string, days: number) => new Date(Date.parse(isoDate) + days * DAY_MS).toISOString().slice(0, 10);
const span = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS);

/** Copies a range of days (a week, say) onto as many days from a start date; the same rules as the server. */
export function CopyDaysModal({ menuFrom, menuTo, pending, onCopy, onClose }: CopyDaysModalProps) {
  const { t } = useTranslation('mealsMenus');
  const titleId = useId();
  const required = t('common:validation.required');
  const outside = t('validation.outsideMenu');
  const schema = z
    .object({ dateFrom: z.string().min(1, required), dateTo: z.string().min(1, required), targetDateFrom: z.string().min(1, required) })
    .superRefine((values, ctx) => {
      if (!values.dateFrom || !values.dateTo || !values.targetDateFrom) return;
      const inside = (date: string) => date >= menuFrom && date <= menuTo;
      if (values.dateTo < values.dateFrom) ctx.addIssue({ code: 'custom', path: ['dateTo'], message: t('validation.endBeforeStart') });
      else if (!inside(values.dateFrom) || !inside(values.dateTo)) ctx.addIssue({ code: 'custom', path: ['dateFrom'], message: outside });
      else {
        const targetTo = shift(values.targetDateFrom, span(values.dateFrom, values.dateTo));
        if (!inside(values.targetDateFrom) || !inside(targetTo)) ctx.addIssue({ code: 'custom', path: ['targetDateFrom'], message: outside });
        else if (values.targetDateFrom <= values.dateTo && targetTo >= values.dateFrom)
          ctx.addIssue({ code: 'custom', path: ['targetDateFrom'], message: t('validation.overlap') });
      }
    });
  const form = useForm<CopyDaysValues>({ resolver: zodResolver(schema), defaultValues: { dateFrom: '', dateTo: '', targetDateFrom: '' } });
  const submit = form.handleSubmit(async (values) => {
    try {
      await onCopy(values);
    } catch (error) {
      applyServerErrors(error, form.setError, ['dateFrom', 'dateTo', 'targetDateFrom']);
    }
  });

  return (
    <Modal show onHide={onClose} aria-labelledby={titleId}>
      <FormProvider {...form}>
        <Form noValidate onSubmit={submit} aria-labelledby={titleId}>
          <Modal.Header closeButton>
            <Modal.Title id={titleId} as="h2" className="h5">
              {t('copy.daysTitle')}
            </Modal.Title>
          </Modal.Header>
          <Modal.Body>
            <p>{t('copy.daysDescription')}</p>
            <Row>
              <Col sm={6}>
                <DateField<CopyDaysValues> name="dateFrom" label={t('copy.sourceFrom')} min={menuFrom} max={menuTo} required />
              </Col>
              <Col sm={6}>
                <DateField<CopyDaysValues> name="dateTo" label={t('copy.sourceTo')} min={menuFrom} max={menuTo} required />
              </Col>
            </Row>
            <DateField<CopyDaysValues> name="targetDateFrom" label={t('copy.targetFrom')} min={menuFrom} max={menuTo} required />
            <p className="small text-body-secondary mb-0">{t('copy.replaces')}</p>
          </Modal.Body>
          <Modal.Footer>
            <Button variant="secondary" onClick={onClose}>
              {t('common:cancel')}
            </Button>
            <FormActionButton type="submit" pending={pending}>
              {t('copy.submit')}
            </FormActionButton>
          </Modal.Footer>
        </Form>
      </FormProvider>
    </Modal>
  );
}
