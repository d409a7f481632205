import { useId, useMemo, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Card, Col, Form, ProgressBar, Row } from 'react-bootstrap';
import { Controller, FormProvider, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormActionButton } from '@/components/FormActionButton';
import { DateField, MultiSelectField, requiredText, TextField } from '@/components/form';
import { ImportReport } from '@/components/import/ImportReport';
import { PageHeader } from '@/components/PageHeader';
import { notify } from '@/components/toasts/toast-store';
import { ApiError } from '@/api/client';
import { applyServerErrors } from '@/lib/form-errors';
import { downloadFile, ImportRejected } from '@/lib/files';
import { TEMPLATE_PATH, useImportMenu } from '../api/import-menu';
import type { MealsMenu } from '../api/meals-menus';
import { useDietOptions, useInstitutionOptions } from '@/lib/meals-menus/options';
import { NAME_MAX_LENGTH } from '../components/meals-menu-form';

interface ImportValues {
  file: File | null;
  name: string;
  institutionsIds: number[];
  dietsIds: number[];
  dateFrom: string;
  dateTo: string;
}

/** `/mealsMenus/import`: an XLSX (template downloadable) becomes a new menu, all or nothing, with a row report. */
export function MealsMenuImportPage() {
  const { t } = useTranslation('mealsMenus');
  const fileId = useId();
  const institutions = useInstitutionOptions();
  const diets = useDietOptions();
  const importMenu = useImportMenu();
  const [progress, setProgress] = useState<number | null>(null);
  const [rejected, setRejected] = useState<ImportRejected | null>(null);
  const [imported, setImported] = useState<MealsMenu | null>(null);

  const schema = useMemo(
    () =>
      z
        .object({
          file: z.instanceof(File, { message: t('import.chooseFile') }).nullable().refine((file) => file !== null, t('import.chooseFile')),
          name: requiredText(t, NAME_MAX_LENGTH),
          institutionsIds: z.array(z.number()).min(1, t('validation.chooseInstitution')),
          dietsIds: z.array(z.number()).min(1, t('validation.chooseDiet')),
          dateFrom: z.string(),
          dateTo: z.string(),
        })
        .superRefine((values, ctx) => {
          if (!!values.dateFrom !== !!values.dateTo)
            ctx.addIssue({ code: 'custom', path: [values.dateFrom ? 'dateTo' : 'dateFrom'], message: t('validation.bothDates') });
          else if (values.dateFrom && values.dateTo < values.dateFrom)
            ctx.addIssue({ code: 'custom', path: ['dateTo'], message: t('validation.endBeforeStart') });
        }),
    [t],
  );
  const form = useForm<ImportValues>({
    resolver: zodResolver(schema),
    defaultValues: { file: null, name: '', institutionsIds: [], dietsIds: [], dateFrom: '', dateTo: '' },
  });

  const submit = form.handleSubmit(async (values) => {
    setRejected(null);
    setImported(null);
    setProgress(0);
    try {
      const menu = await importMenu.mutateAsync({
        fields: { ...values, file: values.file as File, dateFrom: values.dateFrom || null, dateTo: values.dateTo || null },
        onProgress: setProgress,
      });
      setImported(menu);
      notify({ type: 'success', message: t('import.done', { name: menu.name, count: menu.itemsCount }) });
    } catch (error) {
      if (error instanceof ImportRejected) {
        setRejected(error);
      } else if (error instanceof ApiError && error.status === 400) {
        applyServerErrors(error, form.setError, ['file', 'name', 'institutionsIds', 'dietsIds', 'dateFrom', 'dateTo']);
        notify({ type: 'error', message: error.message });
      } else {
        notify({ type: 'error', message: error instanceof Error ? error.message : String(error) });
      }
    } finally {
      setProgress(null);
    }
  });

  const fileError = form.formState.errors.file?.message;
  return (
    <section>
      <PageHeader
        title={t('import.title')}
        actions={
          <>
            <Button
              variant="outline-primary"
              onClick={() =>
                void downloadFile(TEMPLATE_PATH, { fallbackName: 'template.xlsx' }).catch((error: Error) => notify({ type: 'error', message: error.message }))
              }
            >
              {t('import.template')}
            </Button>
            <Link to="/mealsMenus" className="btn btn-outline-secondary">
              {t('backToList')}
            </Link>
          </>
        }
      />
      <Card className="mb-3">
        <Card.Body>
          <p>{t('import.help')}</p>
          <FormProvider {...form}>
            <Form noValidate onSubmit={submit} aria-label={t('import.title')}>
              <Form.Group className="mb-3" controlId={fileId}>
                <Form.Label>
                  {t('import.file')} <span aria-hidden="true">*</span>
                </Form.Label>
                <Controller
                  control={form.control}
                  name="file"
                  render={({ field }) => (
                    <Form.Control
                      type="file"
                      accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                      isInvalid={!!fileError}
                      aria-invalid={fileError ? true : undefined}
                      aria-required
                      onChange={(event) => field.onChange((event.target as HTMLInputElement).files?.[0] ?? null)}
                    />
                  )}
                />
                <Form.Control.Feedback type="invalid">{fileError}</Form.Control.Feedback>
              </Form.Group>
              <TextField<ImportValues> name="name" label={t('fields.name')} required maxLength={NAME_MAX_LENGTH} />
              <MultiSelectField<ImportValues> name="institutionsIds" label={t('fields.institutions')} required options={institutions.data ?? []} />
              <MultiSelectField<ImportValues> name="dietsIds" label={t('fields.diets')} required options={diets.data ?? []} />
              <Row>
                <Col sm={6}>
                  <DateField<ImportValues> name="dateFrom" label={t('fields.dateFrom')} help={t('import.datesHelp')} />
                </Col>
                <Col sm={6}>
                  <DateField<ImportValues> name="dateTo" label={t('fields.dateTo')} />
                </Col>
              </Row>
              {progress !== null && <ProgressBar now={progress} label={`${progress}%`} className="mb-3" aria-label={t('import.progress')} />}
              <div className="d-flex justify-content-end">
                <FormActionButton type="submit" pending={importMenu.isPending}>
                  {t('import.submit')}
                </FormActionButton>
              </div>
            </Form>
          </FormProvider>
        </Card.Body>
      </Card>
      {imported && (
        <Alert variant="success">
          {t('import.done', { name: imported.name, count: imported.itemsCount })}{' '}
          <Alert.Link as={Link} to={`/mealsMenus/${imported.id}/edit`}>
            {t('import.open')}
          </Alert.Link>
        </Alert>
      )}
      {rejected && (
        <ImportReport
          fileErrors={rejected.fileErrors}
          rows={rejected.rows}
          columnNames={{ A: t('import.columns.date'), B: t('import.columns.mealType'), C: t('import.columns.meal') }}
        />
      )}
    </section>
  );
}
