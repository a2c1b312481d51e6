import { createRoot } from 'react-dom/client';
import { z } from 'zod';
import { App } from './app/App';
import { useLang } from './app/i18n';
import { startLiveWiring } from './app/live-wiring';
import './app/styles.css';
import './app/layout.css';

// No eval-based fast paths: the desktop window's CSP forbids them.
z.config({ jitless: true });
document.documentElement.lang = useLang.getState().lang;
startLiveWiring();
createRoot(document.getElementById('root')!).render(<App />);
