import { Badge, Button, Card, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/api/client';
import { useConfirm } from '@/components/confirm-context';
import { LoadingSpinner } from '@/components/LoadingSpinner';
import { QueryError } from '@/components/QueryError';
import { notify } from '@/components/toasts/toast-store';
import { formatDate, formatDateTime } from '@/lib/format';
import { downloadRouteSheet, useMarkReleased, useTransportDay, type TransportRoute } from '../api/kitchen-transport';

/**
 * The transport panel of `/mealsToPrepare` (admin, cook): for the chosen kitchen and day, its routes with their
 * driver and stops (institutions in route order with their meals), a "released for transport" switch per route
 * (the undo asks first) and the drivers' route sheets as PDF.
 */
export function TransportPanel({ kitchenId, date }: { kitchenId: number | null; date: string }) {
  const { t } = useTranslation('kitchenTransport');
  return (
    <section aria-labelledby="transport-heading" className="mt-4">
      <h2 id="transport-heading" className="h4">
        {t('title')}
      </h2>
      {kitchenId === null ? (
        <p className="text-body-secondary">{t('chooseKitchen')}</p>
      ) : (
        <TransportRoutes kitchenId={kitchenId} date={date} />
      )}
    </section>
  );
}

function TransportRoutes({ kitchenId, date }: { kitchenId: number; date: string }) {
  const { t, i18n } = useTranslation('kitchenTransport');
  const result = useTransportDay({ kitchenId, date });
  if (result.isPending) return <LoadingSpinner />;
  if (result.isError && !result.data) return <QueryError error={result.error} onRetry={result.refetch} />;
  const routes = result.data?.routes ?? [];
  const print = (driverId?: number) =>
    void downloadRouteSheet({ kitchenId, date, ...(driverId ? { driverId } : {}) }).catch(() =>
      notify({ type: 'error', message: t('downloadFailed') }),
    );
  if (routes.length === 0) return <p className="text-body-secondary">{t('empty')}</p>;
  return (
    <>
      <div className="d-flex mb-2">
        <Button variant="outline-secondary" size="sm" className="ms-auto" onClick={() => print()}>
          {t('printAll', { date: formatDate(date, i18n.language) })}
        </Button>
      </div>
      {routes.map((route) => (
        <RouteCard key={route.routeNumberId} route={route} kitchenId={kitchenId} date={date} onPrint={print} />
      ))}
    </>
  );
}

function RouteCard({
  route,
  kitchenId,
  date,
  onPrint,
}: {
  route: TransportRoute;
  kitchenId: number;
  date: string;
  onPrint: (driverId?: number) => void;
}) {
  const { t, i18n } = useTranslation('kitchenTransport');
  const confirm = useConfirm();
  const mark = useMarkReleased();
  const batch = { kitchenId, date, routeNumberId: route.routeNumberId };
  const toggle = async () => {
    if (route.releasedForTransport) {
      const sure = await confirm({ title: t('undoTitle'), body: t('undoBody', { route: route.number }), confirmLabel: t('undo'), variant: 'danger' });
      if (!sure) return;
    }
    mark.mutate(
      { ...batch, released: !route.releasedForTransport },
      {
        onSuccess: () => notify({ type: 'success', message: route.releasedForTransport ? t('undone') : t('released') }),
        onError: (error) => notify({ type: 'error', message: error instanceof ApiError ? error.message : t('failed') }),
      },
    );
  };
  return (
    <Card className="mb-3" as="article" aria-label={t('routeLabel', { route: route.number })}>
      <Card.Header className="d-flex flex-wrap align-items-center gap-2">
        <strong>{route.number}</strong>
        <span className="text-body-secondary">{route.driverName ? t('driver', { name: route.driverName }) : t('noDriver')}</span>
        {route.releasedForTransport ? (
          <Badge bg="success">
            {t('releasedBadge', {
              at: formatDateTime(route.releasedForTransportAt, i18n.language),
              by: route.releasedForTransportBy ?? '',
            })}
          </Badge>
        ) : (
          <Badge bg="secondary">{t('notReleasedBadge')}</Badge>
        )}
        <div className="ms-auto d-flex gap-2">
          <Button size="sm" variant="outline-secondary" onClick={() => onPrint(route.driverId ?? undefined)} disabled={!route.driverId}>
            {t('printSheet')}
          </Button>
          <Button
            size="sm"
            variant={route.releasedForTransport ? 'outline-danger' : 'success'}
            disabled={mark.isPending}
            onClick={() => void toggle()}
          >
            {route.releasedForTransport ? t('undo') : t('markReleased')}
          </Button>
        </div>
      </Card.Header>
      <Card.Body className="p-0">
        <Table size="sm" className="mb-0" aria-label={t('stopsOf', { route: route.number })}>
          <thead>
            <tr>
              <th style={{ width: 40 }}>#</th>
              <th>{t('institution')}</th>
              <th>{t('meals')}</th>
              <th className="text-end">{t('total')}</th>
            </tr>
          </thead>
          <tbody>
            {route.stops.map((stop, index) => (
              <tr key={stop.institutionId}>
                <td>{index + 1}</td>
                <td>
                  {stop.institutionName}
                  {stop.address ? <div className="small text-body-secondary">{stop.address}</div> : null}
                </td>
                <td>{stop.mealTypes.length === 0 ? '—' : stop.mealTypes.map((meal) => `${meal.name}: ${meal.portions}`).join(', ')}</td>
                <td className="text-end">{stop.portions}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </Card.Body>
    </Card>
  );
}
