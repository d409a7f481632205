import { api, expectOk } from '@/api/client';
import { useUpdateCurrentUser } from './use-update-current-user';

export interface CalendarSettings {
  showGrammages: boolean;
}

export const updateCalendarSettings = async (body: CalendarSettings): Promise<{ calendarSettings: CalendarSettings }> => ({
  calendarSettings: expectOk(await api.put<CalendarSettings>('common/account/calendarSettings', body)),
});

export const useUpdateCalendarSettings = () => useUpdateCurrentUser(updateCalendarSettings);
