/** The portal: theme and full-screen states around the router. */
import { createBrowserRouter, RouterProvider } from 'react-router';
import { patchSignedInRoutes, portalRoutes } from '@/shell/routes/routes';
import { ShellStates } from '@/shell/states/ShellStates';
import { ShellTheme } from '@/shell/tenant/ShellTheme';

const router = createBrowserRouter(portalRoutes, { patchRoutesOnNavigation: patchSignedInRoutes });

export function App() {
  return (
    <ShellTheme>
      <ShellStates>
        <RouterProvider router={router} />
      </ShellStates>
    </ShellTheme>
  );
}
