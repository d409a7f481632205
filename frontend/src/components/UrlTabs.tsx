import { Nav } from 'react-bootstrap';
import { Link } from 'react-router';

interface UrlTabsProps<T extends string> {
  tabs: readonly T[];
  active: T;
  label: string;
  title: (tab: T) => string;
}

/** Tabs kept in the URL (`?tab=`, the first tab without it). A tab starts with its own filters: the other tab's query string is dropped. */
export function UrlTabs<T extends string>({ tabs, active, label, title }: UrlTabsProps<T>) {
  return (
    <Nav variant="tabs" className="mb-3" aria-label={label}>
      {tabs.map((key) => (
        <Nav.Item key={key}>
          <Nav.Link as={Link} to={key === tabs[0] ? '?' : `?tab=${key}`} active={active === key} aria-current={active === key ? 'page' : undefined}>
            {title(key)}
          </Nav.Link>
        </Nav.Item>
      ))}
    </Nav>
  );
}
