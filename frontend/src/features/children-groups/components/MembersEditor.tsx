import { useId, useState } from 'react';
import { Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { FormActionButton } from '@/components/FormActionButton';
import { MultiSelect } from '@/components/MultiSelect';
import type { SelectOption } from '@/components/multi-select-label';
import { SectionCard } from '@/components/SectionCard';
import { notify } from '@/components/toasts/toast-store';
import { useSetGroupMembers } from '../api/children-groups';

interface MembersEditorProps {
  groupId: number;
  kind: 'children' | 'classrooms';
  /** The group's current ids (the editor starts from them). */
  current: number[];
  options: SelectOption[];
}

/** Choose the group's children (or classrooms) with the multi-select and save them all at once. */
export function MembersEditor({ groupId, kind, current, options }: MembersEditorProps) {
  const { t } = useTranslation('childrenGroups');
  const id = useId();
  const [chosen, setChosen] = useState<number[] | null>(null);
  const mutation = useSetGroupMembers(kind);
  const value = chosen ?? current;
  const title = t(`editor.${kind}.title`);
  return (
    <SectionCard title={title}>
      <Form
        aria-label={title}
        onSubmit={(event) => {
          event.preventDefault();
          mutation.mutate(
            { id: groupId, ids: value },
            {
              onSuccess: () => {
                setChosen(null);
                notify({ type: 'success', message: t(`editor.${kind}.saved`) });
              },
            },
          );
        }}
      >
        <Form.Group className="mb-3" controlId={id}>
          <Form.Label>{t(`editor.${kind}.label`)}</Form.Label>
          <MultiSelect
            id={id}
            label={t(`editor.${kind}.label`)}
            options={options}
            value={value}
            onChange={(next) => setChosen(next.map(Number))}
          />
          <Form.Text>{t(`editor.${kind}.help`)}</Form.Text>
        </Form.Group>
        <FormActionButton type="submit" pending={mutation.isPending}>
          {t(`editor.${kind}.submit`)}
        </FormActionButton>
      </Form>
    </SectionCard>
  );
}
