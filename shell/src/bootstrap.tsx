import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.js';
import { showMissingRootMessage } from './screens/critical-error.js';
import { startShell } from './startup.js';
import './styles.css';

const rootElement = document.getElementById('root');
if (rootElement) {
  createRoot(rootElement).render(
    <StrictMode>
      <App startup={startShell()} />
    </StrictMode>,
  );
} else {
  showMissingRootMessage(document);
}
