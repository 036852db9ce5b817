/** Renders the portal into the page; loaded by the entry (main.tsx) once the start-up requests have left. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
