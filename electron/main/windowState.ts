import { z } from 'zod';
import type { SettingsRepo } from '../core/store/settingsRepo';

const KEY = 'window.bounds';
const BoundsSchema = z.object({
  x: z.number().int(),
  y: z.number().int(),
  width: z.number().int().min(400).max(10_000),
  height: z.number().int().min(300).max(10_000),
  maximized: z.boolean().default(false),
});
export type WindowBounds = z.infer<typeof BoundsSchema>;

export interface DisplayArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The saved bounds, if they are still visible on one of the current displays. */
export function restoreBounds(repo: SettingsRepo, displays: DisplayArea[]): WindowBounds | undefined {
  const parsed = BoundsSchema.safeParse(repo.get(KEY));
  if (!parsed.success) return undefined;
  const b = parsed.data;
  const visible = displays.some((d) => b.x < d.x + d.width - 50 && b.x + b.width > d.x + 50 && b.y >= d.y - 10 && b.y < d.y + d.height - 50);
  return visible ? b : { ...b, x: displays[0]?.x ?? 0, y: displays[0]?.y ?? 0 };
}

export function saveBounds(repo: SettingsRepo, bounds: WindowBounds): void {
  repo.setMany({ [KEY]: bounds });
}
