import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { useLang } from './app/i18n';
import { startLiveWiring } from './app/live-wiring';
import './app/styles.css';

document.documentElement.lang = useLang.getState().lang;
startLiveWiring();
createRoot(document.getElementById('root')!).render(<App />);
