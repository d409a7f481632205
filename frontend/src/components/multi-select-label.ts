import type { TFunction } from 'i18next';

export type OptionValue = string | number;

export interface SelectOption {
  value: OptionValue;
  text: string;
  disabled?: boolean;
}

const LABEL_LIST_LIMIT = 2;
export const DROPDOWN_MAX_HEIGHT_PX = 300;
export const DROPDOWN_MIN_WIDTH_PX = 150;

/** Up to two names, then "+ N others"; "All" only when every enabled option is picked and there are more than two. */
export function multiSelectLabel(options: SelectOption[], selected: OptionValue[], t: TFunction): string | null {
  const chosen = options.filter((option) => selected.includes(option.value));
  if (chosen.length === 0) return null;
  const enabled = options.filter((option) => !option.disabled);
  const allEnabledChosen = enabled.length > 0 && enabled.every((option) => selected.includes(option.value));
  if (allEnabledChosen && chosen.length > LABEL_LIST_LIMIT) return t('multiSelect.all');
  const listed = chosen
    .slice(0, LABEL_LIST_LIMIT)
    .map((option) => option.text)
    .join(', ');
  const rest = chosen.length - LABEL_LIST_LIMIT;
  return rest > 0 ? `${listed} ${t('multiSelect.others', { count: rest })}` : listed;
}
