import type { components } from '@/api/schema';
import { createCrudResource, useAction } from '@/lib/crud';

export type AutomatedReport = components['schemas']['AutomatedReport'];
export type AutomatedReportRequest = components['schemas']['AutomatedReportRequest'];
export type Frequency = components['schemas']['AutomatedReportFrequency'];
export type RelativePeriod = components['schemas']['AutomatedReportPeriod'];
export type FileFormat = components['schemas']['AutomatedReportFormat'];

/** `automatedReports`: list (search, enabled, reportType, frequency), get, create, update (PUT), delete. */
export const automatedReports = createCrudResource<AutomatedReport, AutomatedReportRequest>({
  key: 'automatedReports',
  path: 'automatedReports',
});

export type BulkCommand = 'enable' | 'disable' | 'send';

/** `automatedReports/bulk/{enable,disable,send}` with `{automatedReportIds}`: all or nothing (404 for an unknown id). */
export function useBulkCommand(command: BulkCommand) {
  const action = useAction(`automatedReports/bulk/${command}`, { invalidates: [automatedReports.key] });
  return {
    ...action,
    run: (ids: readonly number[]) => action.mutateAsync({ body: { automatedReportIds: [...ids] } }),
  };
}
