import { Dropdown } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

export interface MoreMenuItem {
  key: string;
  label: string;
  onSelect: () => void;
}

interface MoreMenuProps {
  /** What the row is called, so each toggle has its own accessible name ("More actions for Ola Nowak"). */
  name: string;
  items: readonly MoreMenuItem[];
}

/** A row's less frequent commands (state changes) under one "More" toggle, so the row stays on one line. */
export function MoreMenu({ name, items }: MoreMenuProps) {
  const { t } = useTranslation();
  if (items.length === 0) return null;
  return (
    <Dropdown className="d-inline-block">
      <Dropdown.Toggle size="sm" variant="outline-secondary" aria-label={t('crud.moreNamed', { name })}>
        {t('crud.more')}
      </Dropdown.Toggle>
      <Dropdown.Menu>
        {items.map((item) => (
          <Dropdown.Item key={item.key} as="button" onClick={item.onSelect}>
            {item.label}
          </Dropdown.Item>
        ))}
      </Dropdown.Menu>
    </Dropdown>
  );
}
