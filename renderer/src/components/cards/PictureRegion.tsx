import './cards.css';
import { useRef, useState, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { create } from 'zustand';
import { useShortcut } from '../../keyboard/shortcuts';
import { useOcr } from '../../stores/ocrStore';

/** The region of the OCR'd image the learner chose as their cards' picture (a PNG data URL); null: the whole image. */
export const useCardPicture = create<{ region: string | null; set(region: string | null): void }>((set) => ({ region: null, set: (region) => set({ region }) }));
// Another image: its own picture again.
useOcr.subscribe((s, prev) => s.preview !== prev.preview && useCardPicture.getState().set(null));

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** The part of the image inside `box` (in displayed pixels of `img`) as a PNG data URL. */
function crop(img: HTMLImageElement, box: Box): string {
  const sx = img.naturalWidth / img.clientWidth;
  const sy = img.naturalHeight / img.clientHeight;
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(box.w * sx));
  canvas.height = Math.max(1, Math.round(box.h * sy));
  canvas.getContext('2d')!.drawImage(img, box.x * sx, box.y * sy, box.w * sx, box.h * sy, 0, 0, canvas.width, canvas.height);
  return canvas.toDataURL('image/png');
}

/** "Picture for cards": the whole image, or a region dragged on it. */
export function PictureRegion({ src }: { src: string }) {
  const { t } = useTranslation();
  const region = useCardPicture((s) => s.region);
  const [open, setOpen] = useState(false);
  const [box, setBox] = useState<Box | null>(null);
  const start = useRef<{ x: number; y: number } | null>(null);
  const img = useRef<HTMLImageElement>(null);
  useShortcut('app.close', () => setOpen(false), open);

  const at = (e: PointerEvent) => {
    const r = img.current!.getBoundingClientRect();
    return { x: Math.min(Math.max(0, e.clientX - r.left), r.width), y: Math.min(Math.max(0, e.clientY - r.top), r.height) };
  };
  const down = (e: PointerEvent) => {
    e.preventDefault();
    (e.target as Element).setPointerCapture?.(e.pointerId);
    start.current = at(e);
    setBox(null);
  };
  const move = (e: PointerEvent) => {
    if (!start.current) return;
    const p = at(e);
    const s = start.current;
    setBox({ x: Math.min(s.x, p.x), y: Math.min(s.y, p.y), w: Math.abs(p.x - s.x), h: Math.abs(p.y - s.y) });
  };
  const use = () => {
    if (img.current && box && box.w > 4 && box.h > 4) useCardPicture.getState().set(crop(img.current, box));
    setOpen(false);
  };

  return (
    <>
      <button type="button" className="link-button small" onClick={() => setOpen(true)} data-testid="card-picture-region">
        {region ? t('cards.picture.region') : t('cards.picture.whole')}
      </button>
      {open && (
        <div className="picture-region" role="dialog" aria-modal="true" aria-label={t('cards.picture.title')} data-testid="card-picture-dialog">
          <p>{t('cards.picture.help')}</p>
          <div className="picture-region-image" onPointerDown={down} onPointerMove={move} onPointerUp={() => (start.current = null)}>
            <img ref={img} src={src} alt="" draggable={false} />
            {box && <div className="picture-region-box" style={{ left: box.x, top: box.y, width: box.w, height: box.h }} />}
          </div>
          <div className="inline-actions">
            <button type="button" onClick={use} disabled={!box || box.w <= 4 || box.h <= 4} data-testid="card-picture-use">
              {t('cards.picture.use')}
            </button>
            <button
              type="button"
              onClick={() => {
                useCardPicture.getState().set(null);
                setOpen(false);
              }}
            >
              {t('cards.picture.useWhole')}
            </button>
            <button type="button" onClick={() => setOpen(false)}>
              {t('cards.browser.cancel')}
            </button>
          </div>
        </div>
      )}
    </>
  );
}
