import type { SettingsTabKey } from '../settings-tab-keys';
import { settingsTabElements } from './settings-tabs';

/** One tab of /settings/tenant: its own route, loaded with the forms of every tab on first use. */
export function SettingsTabPage({ tabKey }: { tabKey: SettingsTabKey }) {
  return settingsTabElements[tabKey];
}
