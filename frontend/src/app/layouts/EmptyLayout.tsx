import { Container } from 'react-bootstrap';
import { Outlet } from 'react-router';

export function EmptyLayout() {
  return (
    <Container className="py-5" style={{ maxWidth: 560 }}>
      <Outlet />
    </Container>
  );
}
