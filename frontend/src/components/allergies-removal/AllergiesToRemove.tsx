import { useTranslation } from 'react-i18next';
import type { SelectOption } from '@/components/multi-select-label';
import type { AllergiesToClear } from '@/lib/allergies/allergies-to-clear';
import type { AllergiesSubject } from './allergies-removal';

/** The confirmation's list: the allergens (named as the form names them) and the note that saving removes. */
export function AllergiesToRemove({
  clearing,
  allergens,
  diet,
  subject,
}: {
  clearing: AllergiesToClear;
  allergens: SelectOption[];
  diet: string;
  subject: AllergiesSubject;
}) {
  const { t } = useTranslation('people');
  const names = clearing.allergies.map((id) => allergens.find((option) => option.value === id)?.text ?? `#${id}`);
  return (
    <>
      <p>{t('clearAllergies.body', { diet, context: subject })}</p>
      <ul className="mb-0">
        {names.map((name) => (
          <li key={name}>{name}</li>
        ))}
        {clearing.note && <li>{t('clearAllergies.note', { note: clearing.note })}</li>}
      </ul>
    </>
  );
}
