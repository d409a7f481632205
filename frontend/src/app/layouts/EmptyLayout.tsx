import { Container } from 'react-bootstrap';
import { Outlet } from 'react-router';
import { LanguageSwitch } from '@/components/LanguageSwitch';

/** Signed-out pages (landing, registration, callback): no menu, so the language switch sits above the page. */
export function EmptyLayout() {
  return (
    <Container className="py-4 py-sm-5" style={{ maxWidth: 560 }}>
      <div className="d-flex justify-content-end mb-3">
        <LanguageSwitch />
      </div>
      <Outlet />
    </Container>
  );
}
