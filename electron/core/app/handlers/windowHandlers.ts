import type { windowMethods } from '../../../../shared/contract/window';
import { AppError } from '../../../../shared/result';
import type { HandlerContext, HandlersFor } from '../../rpc/handlers';
import type { WindowControl } from '../../window/windowControl';
import type { CoreServices } from '../coreServices';

/** The desktop window: only the desktop app has one, and only its own window may steer it. */
export function windowHandlers(core: Pick<CoreServices, 'windowControl'>): HandlersFor<typeof windowMethods> {
  const desktopWindow = (ctx: HandlerContext): WindowControl => {
    if (!core.windowControl || ctx.transport === 'http') {
      throw new AppError({ code: 'forbidden', message: 'Only the desktop app has a window to put in full screen.', status: 403 });
    }
    return core.windowControl;
  };
  return {
    'window.state': (ctx) => ({ fullScreen: desktopWindow(ctx).isFullScreen() }),
    'window.setFullScreen': (ctx, on) => {
      const w = desktopWindow(ctx);
      w.setFullScreen(on);
      return { fullScreen: w.isFullScreen() };
    },
  };
}
