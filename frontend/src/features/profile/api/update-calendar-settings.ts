import { api, expectOk } from '@/api/client';
import type { components } from '@/api/schema';
import { useUpdateCurrentUser } from './use-update-current-user';

export type CalendarSettingsBody = components['schemas']['CalendarSettingsRequest'];
type CalendarSettings = components['schemas']['CalendarSettings'];

export const updateCalendarSettings = async (
  body: CalendarSettingsBody,
): Promise<{ calendarSettings: CalendarSettings }> => ({
  calendarSettings: expectOk(await api.put<CalendarSettings>('common/account/calendarSettings', body)),
});

export const useUpdateCalendarSettings = () => useUpdateCurrentUser(updateCalendarSettings);
