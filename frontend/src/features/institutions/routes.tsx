import type { RouteElements } from '@/app/routes/route-elements';
import { ClassroomFormPage } from './pages/ClassroomFormPage';
import { ClassroomsPage } from './pages/ClassroomsPage';
import { DistrictsPage } from './pages/DistrictsPage';
import { InstitutionFormPage } from './pages/InstitutionFormPage';
import { InstitutionsPage } from './pages/InstitutionsPage';

export const routeElements: RouteElements = {
  'institutions.list': <InstitutionsPage />,
  'institutions.create': <InstitutionFormPage />,
  'institutions.edit': <InstitutionFormPage />,
  'classrooms.list': <ClassroomsPage />,
  'classrooms.create': <ClassroomFormPage />,
  'classrooms.edit': <ClassroomFormPage />,
  districts: <DistrictsPage />,
};
