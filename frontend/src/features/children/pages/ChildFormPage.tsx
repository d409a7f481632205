import { Card } from 'react-bootstrap';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { parseRouteId } from '@/components/crud';
import { PageHeader } from '@/components/PageHeader';
import { QueryState } from '@/components/SectionCard';
import { hasAbility } from '@/lib/session/get-current-user';
import { useSession } from '@/lib/session/session-context';
import { useChild, type LoadedChild } from '@/lib/children/children';
import { ChildForm } from '@/components/child-form/ChildForm';

/**
 * Where saving or cancelling leads. `backContext` of `/children/{childId}/edit/{backContext?}`: `list` (the children
 * list), `parent` (the parent's children), `details` (the parent's details); without it, staff go to the list and
 * parents to their children.
 */
function useBackTo(parentId: number | null) {
  const { user } = useSession();
  const { backContext } = useParams();
  const staff = user !== undefined && (user.roles.includes('ROLE_ADMIN') || user.roles.includes('ROLE_INSTITUTIONS_ADMIN'));
  return (child?: Pick<LoadedChild, 'parentId'>) => {
    const parent = child?.parentId ?? parentId ?? user?.id;
    if (backContext === 'details' && parent) return `/parents/${parent}`;
    if (backContext === 'parent' || (!staff && backContext !== 'list') || (parentId !== null && backContext === undefined)) {
      return parent ? `/parents/${parent}/children` : '/children';
    }
    return '/children';
  };
}

/** `/children/create` (optionally `?parentId=`) and `/children/{childId}/edit/{backContext?}`. */
export function ChildFormPage() {
  const { t } = useTranslation('children');
  const navigate = useNavigate();
  const { user } = useSession();
  const [search] = useSearchParams();
  const id = parseRouteId(useParams().childId);
  const queryParent = parseRouteId(search.get('parentId') ?? undefined);
  const parentId = queryParent ?? (user && !hasAbility(user, 'children.change_sensitive') ? user.id : null);
  const backTo = useBackTo(parentId);
  const child = useChild(id);
  const title = id === null ? t('createTitle') : t('editTitle');

  const body = (loaded?: LoadedChild) => (
    <Card>
      <Card.Body>
        <ChildForm
          mode={loaded ? 'edit' : 'create'}
          child={loaded}
          parentId={parentId ?? undefined}
          label={title}
          onCancel={() => navigate(backTo(loaded))}
          onSaved={(saved) => navigate(backTo(saved))}
        />
      </Card.Body>
    </Card>
  );

  return (
    <section>
      <PageHeader title={title} />
      {id === null ? body() : <QueryState query={child}>{() => body(child.data)}</QueryState>}
    </section>
  );
}
