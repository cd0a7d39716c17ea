import { createBrowserRouter } from 'react-router-dom';
import App from './App';
import { RouterErrorPage } from './pages/errors/RouterErrorPage';

/** One catch-all route: react-admin routes inside it; render errors outside its layout land on the error page. */
export const createAppRouter = () =>
  createBrowserRouter([{ path: '*', element: <App />, errorElement: <RouterErrorPage /> }]);
