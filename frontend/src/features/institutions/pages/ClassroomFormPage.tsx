import { useMemo } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EntityFormPage, parseRouteId } from '@/components/crud';
import { EMPTY_CLASSROOM, classroomForm } from '../components/classroom-form';

/** `/classrooms/create` (the list's institution filter, `?institutionId=`, comes preselected) and `/classrooms/:classroomId/edit`. */
export function ClassroomFormPage() {
  const { t } = useTranslation('classrooms');
  const id = parseRouteId(useParams().classroomId);
  const presetInstitutionId = parseRouteId(useSearchParams()[0].get('institutionId') ?? undefined);
  const form = useMemo(
    () => (presetInstitutionId === null ? classroomForm : { ...classroomForm, empty: { ...EMPTY_CLASSROOM, institutionId: presetInstitutionId } }),
    [presetInstitutionId],
  );
  const backTo = presetInstitutionId === null ? '/classrooms' : `/classrooms?institutionId=${presetInstitutionId}`;
  return <EntityFormPage form={form} id={id} title={id === null ? t('createTitle') : t('editTitle')} backTo={backTo} />;
}
