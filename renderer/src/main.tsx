import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './i18n';
import './styles.css';
import { App } from './App';
import { bridge } from './bridge';
import { bridgeChatArchive, setChatArchive } from './chat/chatArchive';

// Conversations are kept per document in the app's database.
setChatArchive(bridgeChatArchive(bridge));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
