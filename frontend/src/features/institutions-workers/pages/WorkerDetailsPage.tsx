import { useState, type ReactNode } from 'react';
import { Button, Col, Row } from 'react-bootstrap';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { parseRouteId, useConfirmedRemove } from '@/components/crud';
import { PageHeader } from '@/components/PageHeader';
import { PersonActions, StatusBadge } from '@/components/people/PersonActions';
import { SetPasswordModal } from '@/components/people/SetPasswordModal';
import { QueryState, SectionCard } from '@/components/SectionCard';
import { SubjectSettingsForm } from '@/components/child-form/SubjectSettingsForm';
import { useAllergenOptions } from '@/lib/allergens/allergen-options';
import { institutionsWorkers, useWorkerCommands, type InstitutionWorker } from '../api/institutions-workers';

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="col-sm-4">{label}</dt>
      <dd className="col-sm-8">{children === '' || children === null || children === undefined ? '—' : children}</dd>
    </>
  );
}

/**
 * `/institutionsWorkers/:institutionWorkerId`: profile, card, group, status, the account actions, and the worker's
 * automarking and reminder settings (the same form as the worker's own on their profile).
 */
export function WorkerDetailsPage() {
  const { t } = useTranslation(['institutionsWorkers', 'common']);
  const id = parseRouteId(useParams().institutionWorkerId);
  const worker = institutionsWorkers.useDetail(id);
  return (
    <section>
      {id === null ? (
        <p>{t('notFound')}</p>
      ) : (
        <QueryState query={worker}>{() => worker.data && <WorkerDetails worker={worker.data} />}</QueryState>
      )}
    </section>
  );
}

function WorkerDetails({ worker }: { worker: InstitutionWorker }) {
  const { t } = useTranslation(['institutionsWorkers', 'common']);
  const navigate = useNavigate();
  const [passwordFor, setPasswordFor] = useState<{ id: number; name: string } | null>(null);
  const allergens = useAllergenOptions();
  const remove = useConfirmedRemove(institutionsWorkers);
  const commands = useWorkerCommands();
  const name = `${worker.firstName} ${worker.lastName}`;

  return (
    <>
      <PageHeader
        title={
          <>
            {name} <StatusBadge status={worker.status} />
          </>
        }
        actions={
          <>
            <Link to={`/institutionsWorkers/${worker.id}/edit`} className="btn btn-primary">
              {t('common:crud.edit')}
            </Link>
            <PersonActions
              person={{ id: worker.id, fullName: name, isActive: worker.isActive, status: worker.status }}
              commands={commands}
              onSetPassword={() => setPasswordFor({ id: worker.id, name })}
            />
            <Button
              variant="outline-danger"
              onClick={() =>
                void remove(worker.id, name).then((removed) => {
                  if (removed) void navigate('/institutionsWorkers');
                })
              }
            >
              {t('common:crud.remove')}
            </Button>
          </>
        }
      />
      <Row>
        <Col lg={6}>
          <SectionCard title={t('sections.profile')}>
            <dl className="row mb-0">
              <Detail label={t('fields.emailAddress')}>{worker.emailAddress}</Detail>
              <Detail label={t('fields.phoneNumber')}>{worker.phoneNumber}</Detail>
              <Detail label={t('fields.phoneNumber2')}>{worker.phoneNumber2}</Detail>
              <Detail label={t('fields.institution')}>{worker.institutionName}</Detail>
              <Detail label={t('fields.diet')}>{worker.dietName}</Detail>
              <Detail label={t('fields.allergies')}>{(worker.allergies ?? []).map(allergens.nameOf).join(', ')}</Detail>
              <Detail label={t('fields.allergiesNote')}>{worker.allergiesNote}</Detail>
              <Detail label={t('fields.generalNote')}>{worker.generalNote}</Detail>
            </dl>
          </SectionCard>
        </Col>
        <Col lg={6}>
          <SectionCard title={t('sections.card')}>
            <dl className="row mb-0">
              <Detail label={t('fields.cardNumber')}>{worker.cardNumber}</Detail>
              <Detail label={t('fields.group')}>
                {worker.groupId ? <Link to={`/institutionsWorkersGroups/${worker.groupId}`}>{worker.groupName}</Link> : null}
              </Detail>
              <Detail label={t('fields.priceListsGroup')}>{worker.priceListsGroupName ?? t('defaultPriceListsGroup')}</Detail>
              <Detail label={t('fields.discount')}>
                {worker.hasDiscount
                  ? worker.expirationDate
                    ? t('discountUntil', { percent: worker.discountPercent, date: worker.expirationDate })
                    : t('discountPercentValue', { percent: worker.discountPercent })
                  : t('noDiscount')}
              </Detail>
              <Detail label={t('fields.internalNote')}>{worker.internalNote}</Detail>
              <Detail label={t('fields.status')}>
                <StatusBadge status={worker.status} />
              </Detail>
            </dl>
          </SectionCard>
        </Col>
      </Row>
      <SectionCard title={t('sections.automark')}>
        <SubjectSettingsForm subject={{ type: 'institution_worker', id: worker.userId }} label={t('sections.automark')} />
      </SectionCard>
      <SetPasswordModal person={passwordFor} commands={commands} onClose={() => setPasswordFor(null)} />
    </>
  );
}
