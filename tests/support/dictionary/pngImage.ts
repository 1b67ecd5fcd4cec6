/** A real PNG of one colour, written by the test (what a dictionary's image would be). */
import { makePng } from '../books/png';

export function solidPng(width: number, height: number, rgb: [number, number, number]): Buffer {
  return Buffer.from(makePng(width, height, () => rgb));
}
