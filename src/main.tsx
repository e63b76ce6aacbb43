import '@ant-design/v5-patch-for-react-19';
import { createRoot } from 'react-dom/client';
import './providers/i18n';
import { takeArrivalParams } from './providers/session';
import './styles/global.css';
import App from './App';

// Arrival from the login system: store the tokens, then take them out of the address bar
// before anything renders or is logged.
const cleaned = takeArrivalParams(window.location.href);
if (cleaned) window.history.replaceState(window.history.state, '', cleaned);

const root = document.getElementById('root');
if (root) createRoot(root).render(<App />);
