import { useTranslation } from 'react-i18next';
import { SpreadsheetImportPage } from '@/components/import/SpreadsheetImportPage';
import { downloadImportTemplate, useImportChildren } from '@/lib/children/children';

const COLUMNS = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J'] as const;

/** `/children/import`: template, upload with progress, and the row-by-row report of a refused file (nothing imported). */
export function ChildrenImportPage() {
  const { t } = useTranslation('children');
  const upload = useImportChildren();
  return (
    <SpreadsheetImportPage
      title={t('import.title')}
      back={{ to: '/children', label: t('import.back') }}
      intro={t('import.intro')}
      columns={COLUMNS.map((column) => `${column}: ${t(`import.columns.${column}`)}`)}
      downloadTemplate={downloadImportTemplate}
      upload={upload}
      done={(result) => t('import.done', { count: result.created })}
      columnNames={Object.fromEntries(COLUMNS.map((column) => [column, t(`import.columnNames.${column}`)]))}
    />
  );
}
