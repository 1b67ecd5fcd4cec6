/** The desktop app's window: full screen, asked for from the page (F11 in the book reader). */
import { z } from 'zod';
import { call, type, type AnyDef } from './define';

export interface WindowState {
  fullScreen: boolean;
}

export const windowMethods = {
  /** Whether the window fills the screen. Desktop app only: in browser mode it is refused (the page has the Fullscreen API). */
  'window.state': call({ args: z.tuple([]), result: type<WindowState>() }),
  /** Puts the window into full screen or back. Desktop app only. */
  'window.setFullScreen': call({ args: z.tuple([z.boolean()]), result: type<WindowState>() }),
} satisfies Record<string, AnyDef>;
