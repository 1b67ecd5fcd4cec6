import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isBookFile } from '../../books/bookFiles';
import { imageFromClipboard, isTextField } from '../../ocr/clipboard';
import { useApp } from '../../stores/appStore';
import { useBooks } from '../../stores/booksStore';
import { useOcr } from '../../stores/ocrStore';

const hasFiles = (e: DragEvent) => Array.from(e.dataTransfer?.types ?? []).includes('Files');

/** Reads an image from anywhere in the app: the reader shows it being read. */
function readImage(file: File): void {
  useApp.getState().go('reader');
  void useOcr.getState().read(file);
}

/**
 * Dropping a file anywhere on the window, on any page, reads it: a drop zone
 * covers the window while a file is dragged over it. Non-images are refused by
 * the OCR store with a clear message. An image pasted while no text field has
 * focus is read the same way.
 */
export function ImageDropZone() {
  const { t } = useTranslation();
  const [over, setOver] = useState(false);

  useEffect(() => {
    let depth = 0;
    const enter = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      depth++;
      setOver(true);
    };
    const overFn = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      if (e.dataTransfer) e.dataTransfer.dropEffect = 'copy';
    };
    const leave = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      depth = Math.max(0, depth - 1);
      if (depth === 0) setOver(false);
    };
    const drop = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      depth = 0;
      setOver(false);
      const file = e.dataTransfer?.files[0];
      if (file && isBookFile(file)) {
        // A book goes to the library, not to OCR.
        useApp.getState().go('books');
        void useBooks.getState().importFile(file);
      } else if (file) readImage(file);
    };
    const paste = (e: ClipboardEvent) => {
      if (!e.clipboardData || isTextField(e.target) || isTextField(document.activeElement)) return;
      const image = imageFromClipboard(e.clipboardData);
      if (!image) return;
      e.preventDefault();
      readImage(image);
    };
    window.addEventListener('dragenter', enter);
    window.addEventListener('dragover', overFn);
    window.addEventListener('dragleave', leave);
    window.addEventListener('drop', drop);
    window.addEventListener('paste', paste);
    return () => {
      window.removeEventListener('paste', paste);
      window.removeEventListener('dragenter', enter);
      window.removeEventListener('dragover', overFn);
      window.removeEventListener('dragleave', leave);
      window.removeEventListener('drop', drop);
    };
  }, []);

  if (!over) return null;
  return (
    <div className="drop-zone" data-testid="drop-zone" aria-hidden="true">
      <div className="drop-zone-inner">
        <span className="drop-zone-icon">画</span>
        <p>{t('ocr.dropHere')}</p>
        <p className="hint">{t('ocr.dropHint')}</p>
      </div>
    </div>
  );
}
