import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import './index.css';
import { startServiceWorker } from './lib/service-worker';
import { startLiveEvents } from './live-events';
import { startTheme } from './stores/theme';

// Before the first render, so a dark page never flashes light.
startTheme();
// Before the first render too: the stores follow live events and the signed-in user from the start.
startLiveEvents();

// Installable, with a shell that opens without network.
startServiceWorker();

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
