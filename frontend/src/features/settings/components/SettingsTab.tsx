import { useTranslation } from 'react-i18next';
import type { SettingsEndpoint } from '../api/settings-endpoint';
import { SettingsSection, type SettingsField } from './SettingsSection';

export interface SettingsTabSection {
  // Each section is typed by its own endpoint; the tab only passes them through.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  endpoint: SettingsEndpoint<any>;
  fields: readonly SettingsField[];
}

export function SettingsTab({ sections }: { sections: readonly SettingsTabSection[] }) {
  const { t } = useTranslation('settings');
  return (
    <>
      {sections.map((section) => (
        <SettingsSection
          key={section.endpoint.key}
          endpoint={section.endpoint}
          fields={section.fields}
          title={t(`sections.${section.endpoint.key.replaceAll('/', '_')}`)}
        />
      ))}
    </>
  );
}
