import './i18n/index.ts';
import { App } from './App.tsx';
import { AppProviders } from './providers.tsx';
import './styles.css';

/** The app with everything around it: i18n, query cache, toasts, styles. Its own chunk (main.tsx). */
export default function AppRoot() {
  return (
    <AppProviders>
      <App />
    </AppProviders>
  );
}
