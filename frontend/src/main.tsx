import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { loadFirstScreen } from './first-screen';
import { startI18n } from './i18n';
import './index.css';
import { paceFirstScreen } from './lib/paced-first-screen';
import { AddressRouter } from './lib/router';
import { startServiceWorker } from './lib/service-worker';
import { startLiveEvents } from './live-events';
import { startingLanguage } from './stores/language';
import { startTheme } from './stores/theme';

// Before the first render, so a dark page never flashes light.
startTheme();
// Before the first render too: the stores follow live events and the signed-in user from the start.
startLiveEvents();

// Installable, with a shell that opens without network.
startServiceWorker();

// A feed's first page is drawn a card or two per task, so a tap on the first screen never waits long.
paceFirstScreen();

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

/** Lets the browser run what waits (a tap, a paint) before going on. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

// The first paint is in the chosen language (English is already here, another language's first screen is fetched)
// and shows the page as it is: who is signed in and, on a feed, its first posts (first-screen.ts).
// Each part of the start runs in a task of its own, so none holds a tap back for long: evaluating the modules,
// starting i18next (and asking for the first screen, whose replies the page's preloads already have under way),
// reading the replies (in the task that got them), then the render.
void nextTask()
  .then(() => Promise.all([startI18n(startingLanguage()), loadFirstScreen(window.location.pathname)]))
  .then(nextTask)
  .then(() =>
    createRoot(root).render(
      <StrictMode>
        <AddressRouter>
          <App />
        </AddressRouter>
      </StrictMode>,
    ),
  );
