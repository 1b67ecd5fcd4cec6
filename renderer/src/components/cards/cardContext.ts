/**
 * Where a card from the reader comes from, beyond the book paragraph: the document's first line
 * as its source (pasted text, an image's text), and from an OCR'd image the image itself.
 */
import type { CardPicture } from '../../../../shared/contract/review';
import { useOcr } from '../../stores/ocrStore';
import { useReader } from '../../stores/readerStore';
import { useCardPicture } from './PictureRegion';

const LABEL_CHARS = 40;

/** The first non-empty line, shortened: how History names a document. */
export function documentLabel(text: string): string {
  const line = text.split('\n').find((l) => l.trim() !== '')?.trim() ?? '';
  return line.length > LABEL_CHARS ? `${line.slice(0, LABEL_CHARS)}…` : line;
}

const PICTURE_TYPES = new Set<CardPicture['mimeType']>(['image/png', 'image/jpeg', 'image/webp', 'image/gif']);

/** A data: URL as a card's picture (null for another type). */
export function pictureOf(dataUrl: string): CardPicture | null {
  const m = /^data:([^;,]+);base64,(.+)$/s.exec(dataUrl);
  if (!m || !PICTURE_TYPES.has(m[1] as CardPicture['mimeType'])) return null;
  return { mimeType: m[1] as CardPicture['mimeType'], dataBase64: m[2]! };
}

/** The reader's document as a card's source label and picture (none for a book paragraph: its source says more). */
export function readerContext(): { sourceLabel?: string; picture?: CardPicture } {
  const { doc, inputSource } = useReader.getState();
  if (!doc || doc.book) return {};
  const ocr = useOcr.getState();
  const fromImage = inputSource === 'image' && ocr.preview;
  // The region the learner chose on the image, else the whole image.
  const picture = fromImage ? pictureOf(useCardPicture.getState().region ?? ocr.preview!) : null;
  const label = fromImage && ocr.fileName ? ocr.fileName : documentLabel(doc.text);
  return { ...(label ? { sourceLabel: label } : {}), ...(picture ? { picture } : {}) };
}
