import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, expectOk, expectStatus } from '@/api/client';
import type { components } from '@/api/schema';
import { fetchFile, openFile, saveFile, type ExportFormat } from '@/lib/files';

export type ReportType = components['schemas']['ReportType'];
export type ReportCriterion = components['schemas']['ReportCriterion'];
export type ReportOrientation = components['schemas']['ReportOrientation'];
export type ReportFormat = components['schemas']['ReportFormat'];
/** A report's criteria as sent: dates as `YYYY-MM-DD`, ids as numbers, choices as text, flags as booleans. */
export type Criteria = Record<string, string | number[] | boolean>;

export const ORIENTATIONS: readonly ReportOrientation[] = ['portrait', 'landscape'];
/** The PDF's font sizes the server takes (points). */
export const FONT_SIZES: readonly number[] = [7, 8, 9, 10, 11, 12];
export const DEFAULT_FONT_SIZE = 9;

/** `GET reports`: the catalogue, titles and descriptions in the user's language. */
export const reportsCatalogueQuery = () =>
  queryOptions({
    queryKey: ['reports', 'catalogue'] as const,
    queryFn: async () => expectOk(await api.get<ReportType[]>('reports')),
  });

export const useReportsCatalogue = () => useQuery(reportsCatalogueQuery());

/** `POST reports/{code}`: the spreadsheet, saved under the server's name. */
export async function downloadReport(code: string, criteria: Criteria, format: ExportFormat): Promise<void> {
  saveFile(await fetchFile(`reports/${code}`, { method: 'POST', body: { criteria, format }, fallbackName: `${code}.${format}` }));
}

/** `POST reports/{code}/print`: the PDF, opened in a new tab to print. */
export async function printReport(code: string, criteria: Criteria, orientation: ReportOrientation, fontSize: number): Promise<void> {
  await openFile(() =>
    fetchFile(`reports/${code}/print`, { method: 'POST', body: { criteria, orientation, fontSize }, fallbackName: `${code}.pdf` }),
  );
}

/** `POST reports/{code}/send`: the server makes the file and e-mails it in the background. */
export async function sendReport(
  code: string,
  body: {
    criteria: Criteria;
    emailAddresses: string[];
    /** A saved recipients list the report also goes to (`recipients`, administrators). */
    recipientsListId?: number;
    format: ReportFormat;
    orientation: ReportOrientation;
    fontSize: number;
  },
): Promise<void> {
  expectStatus(await api.post<{ status: boolean }>(`reports/${code}/send`, body));
}
