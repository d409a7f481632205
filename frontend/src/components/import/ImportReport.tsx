import { Alert, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { ImportRowError } from '@/lib/files';

export interface ImportReportProps {
  /** What is wrong with the file as a whole (not a workbook, wrong headers, no rows...). */
  fileErrors: string[];
  /** Every bad cell. */
  rows: ImportRowError[];
  /** Names shown after a column letter, e.g. `{ A: 'Date' }` gives "A (Date)". */
  columnNames?: Partial<Record<string, string>>;
}

/** The report of a refused spreadsheet import (core.spreadsheets.ImportRejected): file errors and a row table. */
export function ImportReport({ fileErrors, rows, columnNames = {} }: ImportReportProps) {
  const { t } = useTranslation('common');
  return (
    <Alert variant="danger" className="mt-3">
      <Alert.Heading as="h2" className="h5">
        {t('importReport.rejected')}
      </Alert.Heading>
      {fileErrors.map((message) => (
        <p key={message} className="mb-1">
          {message}
        </p>
      ))}
      {rows.length > 0 && (
        <>
          <p>{t('importReport.rowsToFix', { count: rows.length })}</p>
          <div className="table-responsive" style={{ maxHeight: 400 }}>
            <Table size="sm" bordered className="mb-0 bg-white" aria-label={t('importReport.report')}>
              <thead className="sticky-top">
                <tr>
                  <th scope="col">{t('importReport.row')}</th>
                  <th scope="col">{t('importReport.column')}</th>
                  <th scope="col">{t('importReport.message')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row, index) => (
                  <tr key={`${row.row}-${row.column}-${index}`}>
                    <td>{row.row}</td>
                    <td>{columnNames[row.column] ? `${row.column} (${columnNames[row.column]})` : row.column}</td>
                    <td>{row.message}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </div>
        </>
      )}
    </Alert>
  );
}
