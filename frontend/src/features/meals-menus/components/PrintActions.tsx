import { useState } from 'react';
import { Button, Dropdown } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { notify } from '@/components/toasts/toast-store';
import { fetchFile, openFile, saveFile } from '@/lib/files';
import type { MealsMenu } from '../api/meals-menus';

interface PrintActionsProps {
  menu: Pick<MealsMenu, 'id' | 'name' | 'diets'>;
  /** `YYYY-MM`; every month of the menu when absent. */
  month?: string;
  institutionId?: number | null;
}

/** Print (PDF in a new tab), print by diet (one section per diet, or one diet), export to DOCX. */
export function PrintActions({ menu, month, institutionId }: PrintActionsProps) {
  const { t } = useTranslation('mealsMenus');
  const [busy, setBusy] = useState(false);
  const options = { month, institutionId: institutionId ?? undefined };

  const run = async (work: () => Promise<void>) => {
    if (busy) {
      notify({ type: 'info', message: t('common:requestInProgress') });
      return;
    }
    setBusy(true);
    try {
      await work();
    } catch (error) {
      notify({ type: 'error', message: error instanceof Error ? error.message : String(error) });
    } finally {
      setBusy(false);
    }
  };
  const print = (path: string, body: object) =>
    run(() => openFile(() => fetchFile(path, { method: 'POST', body, fallbackName: `${menu.name}.pdf` })));

  return (
    <div className="d-flex flex-wrap gap-2" aria-busy={busy || undefined}>
      <Button variant="outline-primary" onClick={() => void print(`mealsMenus/${menu.id}/print`, options)}>
        {t('print.pdf')}
      </Button>
      <Dropdown>
        <Dropdown.Toggle variant="outline-primary">{t('print.byDiet')}</Dropdown.Toggle>
        <Dropdown.Menu>
          <Dropdown.Item onClick={() => void print(`mealsMenus/${menu.id}/printByDiet`, options)}>{t('print.allDiets')}</Dropdown.Item>
          {menu.diets.map((diet) => (
            <Dropdown.Item key={diet.id} onClick={() => void print(`mealsMenus/${menu.id}/printByDiet`, { ...options, dietId: diet.id })}>
              {diet.name}
            </Dropdown.Item>
          ))}
        </Dropdown.Menu>
      </Dropdown>
      <Button
        variant="outline-primary"
        onClick={() =>
          void run(async () =>
            saveFile(
              await fetchFile('mealsMenusExport/docx', {
                method: 'POST',
                body: { mealsMenuId: menu.id, ...options },
                fallbackName: `${menu.name}.docx`,
              }),
            ),
          )
        }
      >
        {t('print.docx')}
      </Button>
    </div>
  );
}
