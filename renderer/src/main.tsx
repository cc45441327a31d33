import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { session } from './api';
import { App } from './App';
import './styles/base.css';
import './styles/controls.css';
import './styles/shell.css';
import './styles/shipments.css';
import './styles/detail.css';
import './styles/settings.css';
import './styles/end-of-day.css';
import './styles/orders.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
void session.restore();
