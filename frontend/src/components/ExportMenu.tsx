import { Dropdown } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { notify } from '@/components/toasts/toast-store';
import type { ExportFormat } from '@/lib/files';

/** A list's "Export" menu: XLSX or CSV of what the list shows; a failed download says so in a toast. */
export function ExportMenu({ onExport }: { onExport: (format: ExportFormat) => Promise<void> }) {
  const { t } = useTranslation();
  const run = (format: ExportFormat) => void onExport(format).catch(() => notify({ type: 'error', message: t('export.failed') }));
  return (
    <Dropdown>
      <Dropdown.Toggle variant="outline-secondary">{t('export.title')}</Dropdown.Toggle>
      <Dropdown.Menu>
        <Dropdown.Item as="button" onClick={() => run('xlsx')}>
          {t('export.xlsx')}
        </Dropdown.Item>
        <Dropdown.Item as="button" onClick={() => run('csv')}>
          {t('export.csv')}
        </Dropdown.Item>
      </Dropdown.Menu>
    </Dropdown>
  );
}
