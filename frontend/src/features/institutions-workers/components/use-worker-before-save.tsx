import { useConfirmAllergiesRemoval } from '@/components/allergies-removal/allergies-removal';
import { AllergiesToRemove } from '@/components/allergies-removal/AllergiesToRemove';
import { allergiesToClear } from '@/lib/allergies/allergies-to-clear';
import { useAllergenOptions, useDietOptions, type InstitutionWorker } from '../api/institutions-workers';
import type { WorkerValues } from './worker-form';

/**
 * Before saving with a diet that forbids allergen changes (issue 30): the allergies and note the form holds or the
 * worker has stored go only once the admin confirms them in the receivers' dialog; then the body says
 * `confirmClearAllergies`. Nothing to remove: saved without asking.
 */
export function useWorkerBeforeSave() {
  const diets = useDietOptions();
  const allergens = useAllergenOptions();
  const confirmAllergiesRemoval = useConfirmAllergiesRemoval();
  return async (
    values: Pick<WorkerValues, 'dietId' | 'allergies' | 'allergiesNote'>,
    worker: InstitutionWorker | undefined,
  ): Promise<Record<string, unknown> | null> => {
    const diet = diets.data?.find((option) => option.value === values.dietId);
    const clearing = allergiesToClear(values, worker, diet?.allowChangingAllergens !== false);
    if (!clearing) return {};
    const confirmed = await confirmAllergiesRemoval(
      <AllergiesToRemove clearing={clearing} allergens={allergens.options} diet={diet?.text ?? ''} subject="worker" />,
    );
    return confirmed ? { allergies: [], allergiesNote: '', confirmClearAllergies: true } : null;
  };
}
