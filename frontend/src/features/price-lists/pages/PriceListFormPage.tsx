import { useMemo, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Card, Form } from 'react-bootstrap';
import { FormProvider, useForm, type Resolver } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/api/client';
import { parseRouteId } from '@/components/crud';
import { DateField, SelectField, TextField } from '@/components/form';
import { FormActionButton } from '@/components/FormActionButton';
import { PageHeader } from '@/components/PageHeader';
import { QueryState } from '@/components/SectionCard';
import { notify } from '@/components/toasts/toast-store';
import { priceListsGroups } from '@/lib/price-lists-groups/price-lists-groups';
import { translateServerMessage } from '@/lib/i18n';
import type { EntityId } from '@/lib/crud';
import { useCatalogue, type Catalogue } from '../api/catalogue';
import { priceLists, type PriceList } from '../api/price-lists';
import { ItemsGrid } from '../components/ItemsGrid';
import { buildCells, formFieldOf, priceListSchema, toItems, toRequest, type PriceListValues } from '../components/price-list-form';
import { ReplaceDialog } from '../components/ReplaceDialog';

type Mode = { kind: 'create'; source: PriceList | undefined } | { kind: 'edit'; list: PriceList };

function initialValues(mode: Mode, catalogue: Catalogue, copyName: (name: string) => string): PriceListValues {
  if (mode.kind === 'edit') {
    const { list } = mode;
    return { groupId: list.groupId, name: list.name, validFrom: list.validFrom, cells: buildCells(catalogue, list.items) };
  }
  const { source } = mode;
  return {
    groupId: source?.groupId ?? null,
    name: source ? copyName(source.name) : '',
    validFrom: '',
    // A copy prices the same combinations but creates its own items.
    cells: buildCells(catalogue, source?.items ?? [], false),
  };
}

function PriceListForm({ mode, catalogue }: { mode: Mode; catalogue: Catalogue }) {
  const { t } = useTranslation(['priceLists', 'common']);
  const navigate = useNavigate();
  const groups = priceListsGroups.useOptions();
  const schema = useMemo(() => priceListSchema(t), [t]);
  const form = useForm<PriceListValues>({
    // The schema checks only what the inputs can get wrong (cells keep their other keys); values are read
    // back with getValues, so the resolver's output type is not used.
    resolver: zodResolver(schema) as unknown as Resolver<PriceListValues>,
    defaultValues: initialValues(mode, catalogue, (name) => t('copyOf', { name })),
  });
  const create = priceLists.useCreate();
  const update = priceLists.useUpdate();
  const [formError, setFormError] = useState<string | null>(null);
  const [replacing, setReplacing] = useState(false);
  const editing = mode.kind === 'edit' ? mode.list : null;

  const onSubmit = form.handleSubmit(async () => {
    const values = form.getValues();
    const { body, rows } = toRequest(values);
    setFormError(null);
    try {
      if (editing) await update.mutateAsync({ id: editing.id, body });
      else await create.mutateAsync(body);
      notify({ type: 'success', message: t('common:crud.saved') });
      navigate('/priceLists');
    } catch (error) {
      if (!(error instanceof ApiError)) return;
      const unplaced: string[] = [];
      for (const [serverField, messages] of Object.entries(error.fieldErrors)) {
        const field = formFieldOf(serverField, rows);
        const message = messages.map(translateServerMessage).join(' ');
        if (field) form.setError(field as keyof PriceListValues, { type: 'server', message });
        else unplaced.push(message);
      }
      if (unplaced.length > 0) setFormError(unplaced.join(' '));
    }
  });

  return (
    <FormProvider {...form}>
      <Form noValidate onSubmit={(event) => void onSubmit(event)} aria-label={editing ? t('editTitle') : t('createTitle')}>
        {editing?.locked && <Alert variant="info">{t('lockedNotice')}</Alert>}
        <Card className="mb-3">
          <Card.Body className="row g-3">
            <div className="col-md-4">
              <SelectField<PriceListValues> name="groupId" label={t('fields.group')} options={groups.data ?? []} required />
            </div>
            <div className="col-md-5">
              <TextField<PriceListValues> name="name" label={t('fields.name')} required maxLength={100} />
            </div>
            <div className="col-md-3">
              <DateField<PriceListValues> name="validFrom" label={t('fields.validFrom')} required />
            </div>
          </Card.Body>
        </Card>
        <Card>
          <Card.Header as="h2" className="h6">
            {t('grid.title')}
          </Card.Header>
          <Card.Body>
            <p className="text-body-secondary small">{t('grid.help')}</p>
            {formError && <Alert variant="danger">{formError}</Alert>}
            <ItemsGrid />
          </Card.Body>
          <Card.Footer className="d-flex flex-wrap justify-content-end gap-2">
            <Link to="/priceLists" className="btn btn-secondary">
              {t('common:cancel')}
            </Link>
            {editing && (
              <Button variant="outline-primary" onClick={() => setReplacing(true)}>
                {t('replace.open')}
              </Button>
            )}
            <FormActionButton type="submit" pending={create.isPending || update.isPending}>
              {t('common:save')}
            </FormActionButton>
          </Card.Footer>
        </Card>
      </Form>
      {editing && (
        <ReplaceDialog
          show={replacing}
          onHide={() => setReplacing(false)}
          priceListId={editing.id}
          validFrom={editing.validFrom}
          items={() => toItems(form.getValues('cells')).items.map(({ id: _id, ...item }) => item)}
          onReplaced={(newId: EntityId) => {
            setReplacing(false);
            notify({ type: 'success', message: t('replace.done') });
            navigate(`/priceLists/${newId}/edit`);
          }}
        />
      )}
    </FormProvider>
  );
}

/** `/priceLists/create/:priceListId?` (optionally a copy of that list) and `/priceLists/:priceListId/edit`. */
export function PriceListFormPage({ edit = false }: { edit?: boolean }) {
  const { t } = useTranslation('priceLists');
  const id = parseRouteId(useParams().priceListId);
  const catalogue = useCatalogue();
  const source = priceLists.useDetail(id);
  const title = edit ? t('editTitle') : t('createTitle');
  const both = {
    isPending: catalogue.isPending || (id !== null && source.isPending),
    isError: catalogue.isError || source.isError,
    error: catalogue.error ?? source.error,
    refetch: () => Promise.all([catalogue.isError && catalogue.refetch(), source.isError && source.refetch()]),
  };
  return (
    <section>
      <PageHeader title={title} />
      <QueryState query={both}>
        {() => {
          const list = id === null ? undefined : source.data;
          const mode: Mode = edit && list ? { kind: 'edit', list } : { kind: 'create', source: list };
          return <PriceListForm key={`${edit}-${id ?? 'new'}`} mode={mode} catalogue={catalogue.data as Catalogue} />;
        }}
      </QueryState>
    </section>
  );
}
