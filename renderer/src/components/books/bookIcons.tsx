/** Icons of the book reader's tools (currentColor), hidden from assistive technology: their buttons carry the names. */
const svg = { width: 16, height: 16, viewBox: '0 0 16 16', 'aria-hidden': true, fill: 'none', stroke: 'currentColor', strokeWidth: 1.4, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

/** A magnifier over lines: study the paragraph in the reader. */
export const AnalyseIcon = () => (
  <svg {...svg}>
    <circle cx="6.8" cy="6.8" r="4.3" />
    <path d="M10 10l4 4M4.8 5.6h4M4.8 8h3" />
  </svg>
);
/** Two scripts, one into the other: translate. */
export const TranslateIcon = () => (
  <svg {...svg}>
    <path d="M1.8 3.5h6.4M5 2v1.5M3.2 3.5c.4 2.4 2 4.3 4.6 5.3M6.8 3.5c-.5 2.4-2.2 4.4-4.9 5.5" />
    <path d="M8.5 14l2.6-6.4L13.7 14M9.5 11.8h3.3" />
  </svg>
);
/** A speaker: read aloud. */
export const SpeakerIcon = () => (
  <svg {...svg}>
    <path d="M2.5 6h2.4L8.5 3v10L4.9 10H2.5z" />
    <path d="M10.8 5.5a3.4 3.4 0 0 1 0 5M12.6 3.8a5.8 5.8 0 0 1 0 8.4" />
  </svg>
);
export const BookmarkIcon = ({ filled = false }: { filled?: boolean }) => (
  <svg {...svg}>
    <path d="M4 2.2h8v11.6L8 10.9l-4 2.9z" fill={filled ? 'currentColor' : 'none'} />
  </svg>
);
/** Four corners: the immersive view. */
export const ExpandIcon = () => (
  <svg {...svg}>
    <path d="M2.5 6V2.5H6M10 2.5h3.5V6M13.5 10v3.5H10M6 13.5H2.5V10" />
  </svg>
);
/** A and a smaller a: the display settings. */
export const TypeIcon = () => (
  <svg {...svg}>
    <path d="M1.8 13L5.6 3l3.8 10M3.2 9.6h4.8M10.4 13l2-5 2 5M11 11.6h2.8" />
  </svg>
);
export const PencilIcon = () => (
  <svg {...svg}>
    <path d="M10.5 2.8l2.7 2.7-7.7 7.7H2.8v-2.7z" />
  </svg>
);
export const TrashIcon = () => (
  <svg {...svg}>
    <path d="M2.8 4.2h10.4M6.2 4.2V2.6h3.6v1.6M4.2 4.2l.7 9.2h6.2l.7-9.2" />
  </svg>
);
