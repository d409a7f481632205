import { useTranslation } from 'react-i18next';
import { SpreadsheetImportPage } from '@/components/import/SpreadsheetImportPage';
import { downloadTemplate, useImportIngredients } from '../api/import-ingredients';

/** `/inventory/ingredients/import`: template, upload with progress, and the row-by-row report of a refused file. */
export function IngredientsImportPage() {
  const { t } = useTranslation('ingredients');
  const upload = useImportIngredients();
  return (
    <SpreadsheetImportPage
      title={t('import.title')}
      back={{ to: '/inventory/ingredients', label: t('import.back') }}
      intro={t('import.intro')}
      columns={[t('import.columnA'), t('import.columnB'), t('import.columnC')]}
      downloadTemplate={downloadTemplate}
      upload={upload}
      done={(result) => t('import.done', { created: result.created, updated: result.updated })}
    />
  );
}
