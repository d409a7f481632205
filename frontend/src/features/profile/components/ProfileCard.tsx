import type { ReactNode } from 'react';
import { Card } from 'react-bootstrap';

export function ProfileCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="mb-4">
      <Card.Header as="h2" className="h5">
        {title}
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card>
  );
}
