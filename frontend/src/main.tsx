import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import 'bootstrap/dist/css/bootstrap.min.css';
import '@/app/app.css';
import '@/lib/i18n';
import { App } from '@/app/App';
import { listenForStaleChunks } from '@/lib/stale-chunks';

listenForStaleChunks();

const root = document.getElementById('root');
if (!root) throw new Error('#root element missing from index.html');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
