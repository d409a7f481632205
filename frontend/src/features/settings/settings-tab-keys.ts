/**
 * The spec's tab order of /settings/tenant; the first one is where it lands. Apart from the tabs' forms
 * (pages/settings-tabs.tsx), so the route table and the tab bar read the keys without loading the forms.
 */
export const settingsTabKeys = [
  'presences',
  'fees',
  'debits',
  'companyDetails',
  'users',
  'fiscalization',
  'parents',
  'payments',
  'invoices',
] as const;

export type SettingsTabKey = (typeof settingsTabKeys)[number];
