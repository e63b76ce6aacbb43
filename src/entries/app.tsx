import '../providers/i18n-app';
import type { Root } from 'react-dom/client';
import App from '../App';

/** The entry of every other path: Refine, the public pages and the signed-in shell. */
export function mount(root: Root) {
  root.render(<App />);
}
