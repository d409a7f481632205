import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** One section of a tab; `render` gets the translated title. Built with `settingsSection` so each stays typed by its endpoint. */
export interface SettingsTabSection {
  key: string;
  render: (title: string) => ReactNode;
}

export function SettingsTab({ sections }: { sections: readonly SettingsTabSection[] }) {
  const { t } = useTranslation('settings');
  return <>{sections.map((section) => section.render(t(`sections.${section.key.replaceAll('/', '_')}`)))}</>;
}
