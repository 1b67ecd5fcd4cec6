/** Small inline icons (currentColor), hidden from assistive technology: their buttons carry the names. */
const svg = { width: 16, height: 16, viewBox: '0 0 16 16', 'aria-hidden': true } as const;

export const PlayIcon = () => (
  <svg {...svg}>
    <path d="M4.5 2.8v10.4a.6.6 0 0 0 .9.5l8.2-5.2a.6.6 0 0 0 0-1L5.4 2.3a.6.6 0 0 0-.9.5z" fill="currentColor" />
  </svg>
);
export const StopIcon = () => (
  <svg {...svg}>
    <rect x="3.5" y="3.5" width="9" height="9" rx="1.5" fill="currentColor" />
  </svg>
);
export const RefreshIcon = () => (
  <svg {...svg}>
    <path d="M13 8a5 5 0 1 1-1.5-3.6M13 2.5v3h-3" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);
export const CloseIcon = () => (
  <svg {...svg}>
    <path d="M4 4l8 8M12 4l-8 8" stroke="currentColor" strokeWidth="1.7" strokeLinecap="round" />
  </svg>
);
export const StarIcon = ({ filled = false }: { filled?: boolean }) => (
  <svg {...svg}>
    <path
      d="M8 1.8l1.9 3.9 4.2.6-3 3 .7 4.2L8 11.5l-3.8 2 .7-4.2-3-3 4.2-.6z"
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth="1.3"
      strokeLinejoin="round"
    />
  </svg>
);
export const CopyIcon = () => (
  <svg {...svg}>
    <rect x="5.5" y="5.5" width="8" height="8" rx="1.5" fill="none" stroke="currentColor" strokeWidth="1.4" />
    <path d="M10.5 3.5v-.5a1 1 0 0 0-1-1h-6a1 1 0 0 0-1 1v6a1 1 0 0 0 1 1h.5" fill="none" stroke="currentColor" strokeWidth="1.4" />
  </svg>
);
export const ImageIcon = () => (
  <svg {...svg}>
    <rect x="1.8" y="2.8" width="12.4" height="10.4" rx="1.6" fill="none" stroke="currentColor" strokeWidth="1.4" />
    <circle cx="5.5" cy="6.3" r="1.2" fill="currentColor" />
    <path d="M2.5 12l3.7-3.6 2.6 2.4 2-1.8 2.9 2.9" fill="none" stroke="currentColor" strokeWidth="1.4" strokeLinejoin="round" />
  </svg>
);
export const ChatIcon = () => (
  <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true">
    <path
      d="M4 3.5h12a1.5 1.5 0 0 1 1.5 1.5v7.5A1.5 1.5 0 0 1 16 14H9l-4 3v-3H4a1.5 1.5 0 0 1-1.5-1.5V5A1.5 1.5 0 0 1 4 3.5z"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      strokeLinejoin="round"
    />
  </svg>
);
export const SendIcon = () => (
  <svg {...svg}>
    <path d="M2.5 8l11-5.5-4 11-2-4.5z" fill="currentColor" />
  </svg>
);
