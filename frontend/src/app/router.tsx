import { createBrowserRouter } from 'react-router';
import { createAppRoutes } from './routes/routes';

export const router = createBrowserRouter(createAppRoutes());
