/**
 * Real image bytes for drag-and-drop and paste tests, made in the page with a
 * canvas (so they are genuine PNG/JPEG files the browser can decode).
 */
import type { Page } from '@playwright/test';

export async function makeImageInPage(page: Page, type: 'image/png' | 'image/jpeg', width: number, height: number): Promise<string> {
  return page.evaluate(
    async ({ type, width, height }) => {
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const ctx = canvas.getContext('2d')!;
      ctx.fillStyle = '#fffdf8';
      ctx.fillRect(0, 0, width, height);
      ctx.fillStyle = '#222';
      ctx.font = `${Math.round(height / 4)}px serif`;
      ctx.fillText('画像の文字', width / 10, height / 2);
      const blob = await new Promise<Blob>((r) => canvas.toBlob((b) => r(b!), type, 0.9));
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let bin = '';
      for (const b of bytes) bin += String.fromCharCode(b);
      return btoa(bin);
    },
    { type, width, height },
  );
}

/** Dispatches dragenter/dragover/drop of a file on an element, as a real drag from the desktop does. */
export async function dropFile(page: Page, selector: string, file: { name: string; type: string; base64: string }): Promise<void> {
  const transfer = await page.evaluateHandle(({ name, type, base64 }) => {
    const bin = atob(base64);
    const bytes = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
    const dt = new DataTransfer();
    dt.items.add(new File([bytes], name, { type }));
    return dt;
  }, file);
  await page.dispatchEvent(selector, 'dragenter', { dataTransfer: transfer });
  await page.dispatchEvent(selector, 'dragover', { dataTransfer: transfer });
}

export async function finishDrop(page: Page, selector: string, file: { name: string; type: string; base64: string }): Promise<void> {
  const transfer = await page.evaluateHandle(({ name, type, base64 }) => {
    const bin = atob(base64);
    const bytes = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
    const dt = new DataTransfer();
    dt.items.add(new File([bytes], name, { type }));
    return dt;
  }, file);
  await page.dispatchEvent(selector, 'drop', { dataTransfer: transfer });
}

/** Pastes a file into an element through a real ClipboardEvent carrying a DataTransfer. */
export async function pasteFile(page: Page, selector: string, file: { name: string; type: string; base64: string }): Promise<void> {
  await page.evaluate(
    ({ selector, name, type, base64 }) => {
      const bin = atob(base64);
      const bytes = new Uint8Array(bin.length);
      for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
      const dt = new DataTransfer();
      dt.items.add(new File([bytes], name, { type }));
      const el = document.querySelector(selector)!;
      (el as HTMLElement).focus();
      el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }));
    },
    { selector, ...file },
  );
}

/** Pastes HTML (and its plain-text flavour) into an element. */
export async function pasteHtml(page: Page, selector: string, html: string, text: string): Promise<void> {
  await page.evaluate(
    ({ selector, html, text }) => {
      const dt = new DataTransfer();
      dt.setData('text/html', html);
      dt.setData('text/plain', text);
      const el = document.querySelector(selector)!;
      (el as HTMLElement).focus();
      el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }));
    },
    { selector, html, text },
  );
}

/** A short, valid WAV (mono 16-bit PCM tone) for the fake Edge TTS, so <audio> really plays. */
export function toneWav(seconds = 1.5, rate = 8000): Buffer {
  const samples = Math.floor(seconds * rate);
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++) data.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 440 * i) / rate) * 8000), i * 2);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8);
  header.write('fmt ', 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}
