import { useState, type ReactNode } from 'react';
import { Badge, Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { LoadingSpinner } from '@/components/LoadingSpinner';
import { PageHeader } from '@/components/PageHeader';
import { QueryError } from '@/components/QueryError';
import { formatDate } from '@/lib/format';
import { useNestedMealsToRelease, type NestedMealsToRelease } from '../api/meals-to-release';
import { groupName } from '../components/group-name';
import { ReleaseFilters } from '../components/ReleaseFilters';
import { useReleaseFilters } from '../components/use-release-filters';

/**
 * `/nestedMealsToRelease` (admin, institutions admin): what the person handing out meals at an institution needs for a
 * day: institution → classroom (or worker group, or the workers) → meal type → diet → the children and workers by
 * name, each with the portion size and, highlighted, their allergens. Every level collapses; the page prints.
 */
export function NestedMealsToReleasePage() {
  const { t, i18n } = useTranslation(['mealsToRelease', 'routes']);
  const { date, kitchenId, institutionId, narrowing, setFilter } = useReleaseFilters();
  const result = useNestedMealsToRelease({ date, ...narrowing });
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const toggle = (key: string) =>
    setCollapsed((previous) => {
      const next = new Set(previous);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  const title = t('routes:areas.nestedMealsToRelease');

  return (
    <section>
      <PageHeader title={`${title}: ${formatDate(date, i18n.language)}`} />
      <p className="text-body-secondary d-print-none">{t('nestedIntro')}</p>
      <ReleaseFilters
        dates={[{ label: t('fields.date'), value: date, name: 'date' }]}
        kitchenId={kitchenId}
        institutionId={institutionId}
        setFilter={setFilter}
        actions={
          <>
            <Button variant="outline-secondary" onClick={() => setCollapsed(new Set())}>
              {t('expandAll')}
            </Button>
            <Button variant="outline-secondary" onClick={() => window.print()}>
              {t('print')}
            </Button>
          </>
        }
      />
      {result.isPending ? (
        <LoadingSpinner />
      ) : result.isError && !result.data ? (
        <QueryError error={result.error} onRetry={result.refetch} />
      ) : !result.data || result.data.portions === 0 ? (
        <p className="text-center text-body-secondary my-4">{t('empty', { date: formatDate(date, i18n.language) })}</p>
      ) : (
        <NestedTree data={result.data} collapsed={collapsed} onToggle={toggle} />
      )}
    </section>
  );
}

function Level({
  id,
  heading,
  portions,
  level,
  collapsed,
  onToggle,
  children,
}: {
  id: string;
  heading: string;
  portions: number;
  level: 2 | 3 | 4 | 5;
  collapsed: ReadonlySet<string>;
  onToggle: (key: string) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('mealsToRelease');
  const open = !collapsed.has(id);
  const Heading = `h${level}` as const;
  const sizes = { 2: 'h5', 3: 'h6', 4: 'h6', 5: 'small fw-semibold' } as const;
  return (
    <section aria-label={heading} className={level === 2 ? 'mb-4 border-bottom pb-2' : 'ms-3 mb-2'}>
      <Heading className={`${sizes[level]} mb-1`}>
        <button
          type="button"
          className="btn btn-link p-0 text-decoration-none text-reset fw-semibold"
          aria-expanded={open}
          aria-controls={`release-${id}`}
          onClick={() => onToggle(id)}
        >
          <span aria-hidden="true" className="d-print-none">
            {open ? '▾' : '▸'}{' '}
          </span>
          {heading}
        </button>{' '}
        <span className="text-body-secondary fw-normal">({t('portionsCount', { count: portions })})</span>
      </Heading>
      <div id={`release-${id}`} hidden={!open}>
        {children}
      </div>
    </section>
  );
}

function NestedTree({ data, collapsed, onToggle }: { data: NestedMealsToRelease; collapsed: ReadonlySet<string>; onToggle: (key: string) => void }) {
  const { t } = useTranslation('mealsToRelease');
  return (
    <>
      <p className="fw-semibold">{t('totalPortions', { count: data.portions })}</p>
      {data.institutions.map((place) => {
        const placeKey = `i${place.id}`;
        return (
          <Level key={placeKey} id={placeKey} heading={place.name} portions={place.portions} level={2} collapsed={collapsed} onToggle={onToggle}>
            {place.groups.map((group) => {
              const groupKey = `${placeKey}-${group.kind}${group.id ?? ''}`;
              return (
                <Level key={groupKey} id={groupKey} heading={groupName(group, t)} portions={group.portions} level={3} collapsed={collapsed} onToggle={onToggle}>
                  {group.mealTypes.map((mealType) => {
                    const mealTypeKey = `${groupKey}-m${mealType.id}`;
                    return (
                      <Level key={mealTypeKey} id={mealTypeKey} heading={mealType.name} portions={mealType.portions} level={4} collapsed={collapsed} onToggle={onToggle}>
                        {mealType.diets.map((diet) => {
                          const dietKey = `${mealTypeKey}-d${diet.id}`;
                          return (
                            <Level key={dietKey} id={dietKey} heading={diet.name} portions={diet.portions} level={5} collapsed={collapsed} onToggle={onToggle}>
                              <ul className="list-unstyled ms-3 mb-2" aria-label={`${diet.name}, ${mealType.name}, ${groupName(group, t)}`}>
                                {diet.receivers.map((receiver) => (
                                  <li key={`${receiver.kind}-${receiver.id}-${receiver.portionSize.id}`}>
                                    {receiver.lastName} {receiver.firstName}
                                    <span className="text-body-secondary">
                                      {' · '}
                                      {receiver.portionSize.name}
                                      {receiver.portions > 1 ? ` × ${receiver.portions}` : ''}
                                    </span>
                                    {receiver.allergens.length > 0 && (
                                      <>
                                        {' '}
                                        <Badge bg="danger" className="fw-bold">
                                          {t('allergens', { names: receiver.allergens.map((allergen) => allergen.name).join(', ') })}
                                        </Badge>
                                      </>
                                    )}
                                  </li>
                                ))}
                              </ul>
                            </Level>
                          );
                        })}
                      </Level>
                    );
                  })}
                </Level>
              );
            })}
          </Level>
        );
      })}
    </>
  );
}
