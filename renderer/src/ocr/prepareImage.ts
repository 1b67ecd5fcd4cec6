import { MAX_IMAGE_BYTES, canSendOriginal, checkImageFile, dataUrlBytes, fitWithin, imageTypeOf, outputTypeFor, type ImageRefusal } from './imageRules';

export type PreparedImage =
  | { ok: true; dataUrl: string; width: number; height: number; scaled: boolean }
  | { ok: false; reason: ImageRefusal | 'unreadable' };

function readAsDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(blob);
  });
}

/**
 * Decodes the image (which is what proves it is one), scales it in a canvas to at
 * most 1600 px on the long side, and returns a data URL of at most 8 MiB.
 */
export async function prepareImage(file: File): Promise<PreparedImage> {
  const refusal = checkImageFile(file);
  if (refusal) return { ok: false, reason: refusal };
  const type = imageTypeOf(file)!;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return { ok: false, reason: 'unreadable' };
  }
  try {
    const { width, height } = bitmap;
    const sendable = type === 'image/png' || type === 'image/jpeg' || type === 'image/webp';
    if (sendable && canSendOriginal(width, height, file.size)) {
      // Unchanged bytes keep the OCR cache key stable for the same image.
      return { ok: true, dataUrl: await readAsDataUrl(new Blob([file], { type })), width, height, scaled: false };
    }
    const target = fitWithin(width, height);
    const canvas = document.createElement('canvas');
    canvas.width = target.width;
    canvas.height = target.height;
    const ctx = canvas.getContext('2d');
    if (!ctx) return { ok: false, reason: 'unreadable' };
    const out = outputTypeFor(type);
    if (out === 'image/jpeg') {
      // JPEG has no alpha: paint transparent areas white, as a page would be.
      ctx.fillStyle = '#ffffff';
      ctx.fillRect(0, 0, target.width, target.height);
    }
    ctx.imageSmoothingQuality = 'high';
    ctx.drawImage(bitmap, 0, 0, target.width, target.height);
    let dataUrl = canvas.toDataURL(out, 0.92);
    if (dataUrlBytes(dataUrl) > MAX_IMAGE_BYTES && out === 'image/png') dataUrl = canvas.toDataURL('image/jpeg', 0.9);
    if (dataUrlBytes(dataUrl) > MAX_IMAGE_BYTES) return { ok: false, reason: 'tooLarge' };
    return { ok: true, dataUrl, width: target.width, height: target.height, scaled: target.scale < 1 };
  } finally {
    bitmap.close();
  }
}
