import { useEffect, useId, useMemo, useRef, type ReactNode } from 'react';
import { hashKey } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, Form, Modal } from 'react-bootstrap';
import { FormProvider, useForm, type DefaultValues, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FormActionButton } from '@/components/FormActionButton';
import { QueryState } from '@/components/SectionCard';
import { PageHeader } from '@/components/PageHeader';
import { notify } from '@/components/toasts/toast-store';
import type { EntityId } from '@/lib/crud';
import { applyServerErrors } from '@/lib/form-errors';
import type { EntityFormDef } from './entity-form';

// Any entity's form definition; the components below do not depend on its types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyFormDef = EntityFormDef<any, any, any, any, any>;

interface BodyProps {
  def: AnyFormDef;
  id: EntityId | null;
  item: { id: EntityId } | undefined;
  /** A create form that starts as a copy of this object (`/x/create/:id`). */
  source?: { id: EntityId } | undefined;
  onSaved: (saved: { id: EntityId }) => void;
  /** Lays out the inputs and the two buttons (modal body and footer, or a card). */
  layout: (parts: { fields: ReactNode; buttons: ReactNode }) => ReactNode;
  onCancel: () => void;
  label: string;
}

/**
 * The initial values may change after the form showed: a preset the URL gets late (the list's filter changed while
 * this page's code was still loading), the entity fetched again after a write. The fields the user has not changed
 * then show the new values; the ones the user changed keep the user's value. The first values are the form's
 * `defaultValues`, so nothing is reset on mount (fields may already have set values of their own then).
 */
function useLateInitialValues(form: UseFormReturn<FieldValues, unknown, FieldValues>, initial: DefaultValues<FieldValues>) {
  // By content: a page may build its form definition, and so these values, anew on each render.
  const content = hashKey([initial]);
  const shown = useRef(content);
  useEffect(() => {
    if (shown.current === content) return;
    shown.current = content;
    form.reset(initial, { keepDirtyValues: true });
  }, [form, content, initial]);
}

/** No question before saving. */
function useNothingBeforeSave() {
  return nothingBeforeSave;
}
const nothingBeforeSave = () => Promise.resolve({});

/** The form itself: zod on submit, POST or PUT, server errors next to their inputs, a toast when saved. */
function EntityFormBody({ def, id, item, source, onSaved, layout, onCancel, label }: BodyProps) {
  const { t } = useTranslation();
  const schema = useMemo(() => def.schema(t), [def, t]);
  const initial = useMemo(
    () => (item ? def.toValues(item) : source ? (def.toCopy ?? def.toValues)(source) : def.empty) as DefaultValues<FieldValues>,
    [def, item, source],
  );
  const form = useForm<FieldValues, unknown, FieldValues>({ resolver: zodResolver(schema), defaultValues: initial });
  useLateInitialValues(form, initial);
  const create = def.resource.useCreate();
  const update = def.resource.useUpdate();
  const pending = create.isPending || update.isPending;
  const fieldNames = Object.keys(def.empty) as Path<FieldValues>[];
  const useBeforeSave = def.useBeforeSave ?? useNothingBeforeSave;
  const beforeSave = useBeforeSave();

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const extra = await beforeSave(values, item);
      if (extra === null) return;
      // Only a question's answer is added to the body, and only when there is one: a body may be FormData (a
      // file's upload), which spreading into an object would empty.
      const withExtra = <Body,>(body: Body): Body => (Object.keys(extra).length === 0 ? body : { ...body, ...extra });
      const saved =
        id === null
          ? await create.mutateAsync(withExtra(def.toCreate(values)))
          : await update.mutateAsync({ id, body: withExtra((def.toUpdate ?? def.toCreate)(values, item)) });
      notify({ type: 'success', message: t('crud.saved') });
      onSaved(saved);
    } catch (error) {
      // The query client already toasts the message; the fields get their own lines.
      applyServerErrors(error, form.setError, fieldNames, def.fieldMap);
    }
  });

  const { Fields } = def;
  return (
    <FormProvider {...form}>
      <Form noValidate onSubmit={onSubmit} aria-label={label}>
        {layout({
          fields: <Fields />,
          buttons: (
            <>
              <Button variant="secondary" onClick={onCancel}>
                {t('cancel')}
              </Button>
              <FormActionButton type="submit" pending={pending}>
                {t('save')}
              </FormActionButton>
            </>
          ),
        })}
      </Form>
    </FormProvider>
  );
}

/** Loads the edited object (if any), or the one a create copies, then shows the form. */
function EntityFormLoader({ copyOf = null, ...props }: Omit<BodyProps, 'item' | 'source'> & { copyOf?: EntityId | null }) {
  const loaded = props.id ?? copyOf;
  const detail = props.def.resource.useDetail(loaded);
  if (loaded === null) return <EntityFormBody {...props} item={undefined} />;
  return (
    <QueryState query={detail}>
      {() =>
        props.id === null ? (
          <EntityFormBody {...props} item={undefined} source={detail.data} />
        ) : (
          <EntityFormBody {...props} item={detail.data} />
        )
      }
    </QueryState>
  );
}

export interface EntityFormModalProps {
  form: AnyFormDef;
  /** From `useEntityModal()`. */
  state: { show: boolean; id: EntityId | null; session: number; close: () => void };
  createTitle: string;
  editTitle: string;
  onSaved?: (saved: { id: EntityId }) => void;
}

/** Create and edit of a small dictionary in a modal over its list. */
export function EntityFormModal({ form, state, createTitle, editTitle, onSaved }: EntityFormModalProps) {
  const titleId = useId();
  const title = state.id === null ? createTitle : editTitle;
  return (
    <Modal show={state.show} onHide={state.close} aria-labelledby={titleId}>
      <Modal.Header closeButton>
        <Modal.Title id={titleId} as="h2" className="h5">
          {title}
        </Modal.Title>
      </Modal.Header>
      <EntityFormLoader
        key={state.session}
        def={form}
        id={state.id}
        label={title}
        onCancel={state.close}
        onSaved={(saved) => {
          state.close();
          onSaved?.(saved);
        }}
        layout={({ fields, buttons }) => (
          <>
            <Modal.Body>{fields}</Modal.Body>
            <Modal.Footer>{buttons}</Modal.Footer>
          </>
        )}
      />
    </Modal>
  );
}

export interface EntityFormPageProps {
  form: AnyFormDef;
  /** null on `/x/create`; the route parameter on `/x/:id/edit`. */
  id: EntityId | null;
  /** On `/x/create/:id`: the object whose values the new one starts from. */
  copyOf?: EntityId | null;
  title: string;
  /** Where Cancel and a successful save go (the list). */
  backTo: string;
}

/** The same form as a page, for entities whose routes are `/x/create` and `/x/:id/edit`. */
export function EntityFormPage({ form, id, copyOf = null, title, backTo }: EntityFormPageProps) {
  const navigate = useNavigate();
  return (
    <section>
      <PageHeader title={title} />
      <EntityFormLoader
        key={id ?? `new-${copyOf ?? ''}`}
        def={form}
        id={id}
        copyOf={copyOf}
        label={title}
        onCancel={() => navigate(backTo)}
        onSaved={() => navigate(backTo)}
        layout={({ fields, buttons }) => (
          <Card>
            <Card.Body>{fields}</Card.Body>
            <Card.Footer className="d-flex justify-content-end gap-2">{buttons}</Card.Footer>
          </Card>
        )}
      />
    </section>
  );
}
