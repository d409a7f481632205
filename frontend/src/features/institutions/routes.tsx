import { lazyPage } from '@/app/routes/lazy-page';
import type { RouteElements } from '@/app/routes/route-elements';

const ClassroomFormPage = lazyPage(() => import('./pages/ClassroomFormPage'), 'ClassroomFormPage');
const ClassroomsPage = lazyPage(() => import('./pages/ClassroomsPage'), 'ClassroomsPage');
const DistrictsPage = lazyPage(() => import('./pages/DistrictsPage'), 'DistrictsPage');
const InstitutionFormPage = lazyPage(() => import('./pages/InstitutionFormPage'), 'InstitutionFormPage');
const InstitutionsPage = lazyPage(() => import('./pages/InstitutionsPage'), 'InstitutionsPage');

export const routeElements: RouteElements = {
  'institutions.list': <InstitutionsPage />,
  'institutions.create': <InstitutionFormPage />,
  'institutions.edit': <InstitutionFormPage />,
  'classrooms.list': <ClassroomsPage />,
  'classrooms.create': <ClassroomFormPage />,
  'classrooms.edit': <ClassroomFormPage />,
  districts: <DistrictsPage />,
};
