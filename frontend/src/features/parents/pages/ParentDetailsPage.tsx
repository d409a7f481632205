import { useState, type ReactNode } from 'react';
import { Button, Card, Table } from 'react-bootstrap';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { parseRouteId } from '@/components/crud';
import { PageHeader } from '@/components/PageHeader';
import { QueryState } from '@/components/SectionCard';
import { notify } from '@/components/toasts/toast-store';
import { hasAbility } from '@/lib/session/get-current-user';
import { useSession } from '@/lib/session/session-context';
import { usePersonCommands } from '@/components/people/person-commands';
import { PersonActions, StatusBadge } from '@/components/people/PersonActions';
import { SetPasswordModal } from '@/components/people/SetPasswordModal';
import { ParentBalanceSection } from '@/components/transactions';
import { parents, useParentPaymentsOverdue, type ParentDetail } from '../api/parents';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="col-sm-4">{label}</dt>
      <dd className="col-sm-8">{children || '—'}</dd>
    </>
  );
}

function Details({ parent }: { parent: ParentDetail }) {
  const { t } = useTranslation(['parents', 'staff']);
  const user = useSession().user;
  const canEdit = !!user && hasAbility(user, 'parents.edit');
  const commands = usePersonCommands('parents', parents.key);
  const overdue = useParentPaymentsOverdue();
  const [passwordFor, setPasswordFor] = useState<{ id: number; name: string } | null>(null);

  const toggleOverdue = async () => {
    try {
      await overdue.mutateAsync({ params: { id: parent.id }, body: { paymentsOverdue: !parent.paymentsOverdue } });
      notify({ type: 'success', message: t('saved') });
    } catch {
      // toasted
    }
  };

  return (
    <section>
      <PageHeader
        title={parent.fullName}
        actions={
          canEdit ? (
            <div className="d-flex flex-wrap gap-2">
              <Link to={`/parents/${parent.id}/edit`} className="btn btn-primary">
                {t('edit')}
              </Link>
              <Button variant="outline-secondary" onClick={() => void toggleOverdue()}>
                {parent.paymentsOverdue ? t('clearOverdue') : t('flagOverdue')}
              </Button>
              <PersonActions person={parent} commands={commands} onSetPassword={() => setPasswordFor({ id: parent.id, name: parent.fullName })} />
            </div>
          ) : undefined
        }
      />
      <Card className="mb-3">
        <Card.Header as="h2" className="h6">
          {t('contactTitle')}
        </Card.Header>
        <Card.Body>
          <dl className="row mb-0">
            <Row label={t('fields.emailAddress')}>{parent.emailAddress}</Row>
            <Row label={t('fields.phoneNumber')}>{parent.phoneNumber}</Row>
            <Row label={t('fields.phoneNumber2')}>{parent.phoneNumber2}</Row>
            <Row label={t('fields.bankAccountNumber')}>{parent.bankAccountNumber}</Row>
            <Row label={t('fields.status')}>
              <StatusBadge status={parent.status} />
            </Row>
            <Row label={t('fields.paymentsOverdue')}>{parent.paymentsOverdue ? t('yes') : t('no')}</Row>
            {parent.internalNote !== null && <Row label={t('fields.internalNote')}>{parent.internalNote}</Row>}
          </dl>
        </Card.Body>
      </Card>
      <Card className="mb-3">
        <Card.Header as="h2" className="h6">
          {t('childrenTitle')}
        </Card.Header>
        <Card.Body>
          {parent.children.length === 0 ? (
            <p className="mb-0">{t('noChildren')}</p>
          ) : (
            <Table responsive size="sm" aria-label={t('childrenTitle')}>
              <thead>
                <tr>
                  <th>{t('fields.name')}</th>
                  <th>{t('fields.institution')}</th>
                  <th>{t('fields.classroom')}</th>
                  <th>{t('fields.cardNumber')}</th>
                  <th>{t('fields.status')}</th>
                </tr>
              </thead>
              <tbody>
                {parent.children.map((child) => (
                  <tr key={child.id}>
                    <td>
                      <Link to={`/children/${child.id}/edit`}>{`${child.lastName} ${child.firstName}`}</Link>
                    </td>
                    <td>{child.institution.name}</td>
                    <td>{child.classroom.name}</td>
                    <td>{child.cardNumber ?? '—'}</td>
                    <td>
                      <StatusBadge status={child.status} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
          )}
        </Card.Body>
      </Card>
      <ParentBalanceSection parentId={parent.id} />
      <SetPasswordModal person={passwordFor} commands={commands} onClose={() => setPasswordFor(null)} />
    </section>
  );
}

export function ParentDetailsPage() {
  const id = parseRouteId(useParams().parentId);
  const detail = parents.useDetail(id);
  return <QueryState query={detail}>{() => <Details parent={detail.data as unknown as ParentDetail} />}</QueryState>;
}
