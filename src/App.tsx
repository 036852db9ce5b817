/** The portal: theme and full-screen states around the router, whose root holds refine and its providers. */
import { createBrowserRouter, RouterProvider } from 'react-router';
import { portalRoutes } from '@/shell/routes/routes';
import { ShellStates } from '@/shell/states/ShellStates';
import { ShellTheme } from '@/shell/tenant/ShellTheme';

const router = createBrowserRouter(portalRoutes);

export function App() {
  return (
    <ShellTheme>
      <ShellStates>
        <RouterProvider router={router} />
      </ShellStates>
    </ShellTheme>
  );
}
