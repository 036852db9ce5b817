/** `npm start`: build the portal if needed, then serve it and the API from one port. */
import { ensureBuild } from './ensure-build';

ensureBuild();
await import('../server/main');
