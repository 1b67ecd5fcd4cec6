import { useApp } from '../../stores/appStore';

export const KEY_PANEL_ID = 'key-panel';

/** Goes to Settings and brings the key panel into view with focus on it (it renders a frame later). */
export function openKeyPanel(): void {
  useApp.getState().go('settings');
  let tries = 0;
  const focus = () => {
    const el = document.getElementById(KEY_PANEL_ID);
    if (el) {
      el.scrollIntoView({ block: 'start' });
      el.focus({ preventScroll: true });
    } else if (tries++ < 20) requestAnimationFrame(focus);
  };
  requestAnimationFrame(focus);
}
