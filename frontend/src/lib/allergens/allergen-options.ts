import { allergens } from '@/lib/allergens/allergens';
import type { SelectOption } from '@/components/multi-select-label';
import { OPTION_LIST_PER_PAGE } from '@/lib/crud';

/** The tenant's allergens as options labelled like on menus ("7. Mleko"), and their names by id. */
export function useAllergenOptions(): { options: SelectOption[]; nameOf: (id: number) => string } {
  const list = allergens.useList({ perPage: OPTION_LIST_PER_PAGE });
  const items = list.data?.items ?? [];
  const options = items.map((allergen) => ({ value: allergen.id, text: allergenLabel(allergen) }));
  return {
    options,
    nameOf: (id) => options.find((option) => option.value === id)?.text ?? String(id),
  };
}

export function allergenLabel(allergen: { number?: number | null; name: string }): string {
  return allergen.number ? `${allergen.number}. ${allergen.name}` : allergen.name;
}
