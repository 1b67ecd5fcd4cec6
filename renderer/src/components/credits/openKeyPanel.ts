import { useApp } from '../../stores/appStore';

export const KEY_PANEL_ID = 'key-panel';
/** Settings' API keys section, where a first key is pasted. */
export const API_KEYS_ID = 'api-keys';

/** Goes to Settings and brings the key panel into view with focus on it. */
export function openKeyPanel(): void {
  openSettingsSection(KEY_PANEL_ID);
}

/** Goes to Settings and brings the section with this id into view with focus on it (it renders a frame later). */
export function openSettingsSection(id: string): void {
  useApp.getState().go('settings');
  let tries = 0;
  const focus = () => {
    const el = document.getElementById(id);
    if (el) {
      el.scrollIntoView({ block: 'start' });
      el.focus({ preventScroll: true });
    } else if (tries++ < 20) requestAnimationFrame(focus);
  };
  requestAnimationFrame(focus);
}
