import { afterEach, describe, expect, it } from 'vitest';
import { METHOD_NAMES, contract, type PushMessage, type StreamEvent } from '../../../shared/contract';
import { IPC } from '../../../shared/ipcChannels';
import { bindIpc, type IpcEventLike, type IpcMainLike, type WebContentsLike } from '../../../electron/main/ipcBinding';
import { isTrustedSender } from '../../../electron/main/senderTrust';
import { makeTestCore } from '../../support/testCore';

class FakeIpcMain implements IpcMainLike {
  handlers = new Map<string, (event: IpcEventLike, ...args: unknown[]) => unknown>();
  handle(channel: string, listener: (event: IpcEventLike, ...args: unknown[]) => unknown) {
    if (this.handlers.has(channel)) throw new Error(`second handler for ${channel}`);
    this.handlers.set(channel, listener);
  }
  removeHandler(channel: string) {
    this.handlers.delete(channel);
  }
  invoke(channel: string, event: IpcEventLike, ...args: unknown[]) {
    const h = this.handlers.get(channel);
    if (!h) throw new Error(`no handler for ${channel}`);
    return Promise.resolve(h(event, ...args));
  }
}

class FakeWebContents implements WebContentsLike {
  sent: Array<{ channel: string; payload: unknown }> = [];
  destroyed = false;
  private onDestroyed: Array<() => void> = [];
  constructor(readonly id: number) {}
  send(channel: string, payload: unknown) {
    this.sent.push({ channel, payload });
  }
  isDestroyed() {
    return this.destroyed;
  }
  once(_event: 'destroyed', listener: () => void) {
    this.onDestroyed.push(listener);
  }
  destroy() {
    this.destroyed = true;
    for (const l of this.onDestroyed) l();
  }
  streamEvents(): StreamEvent[] {
    return this.sent.filter((s) => s.channel === IPC.stream).map((s) => s.payload as StreamEvent);
  }
}

const OWN_URL = 'file:///app/out/renderer/index.html';
const cores: Array<ReturnType<typeof makeTestCore>> = [];
afterEach(() => {
  while (cores.length) cores.pop()!.cleanupDir();
});

function setup() {
  const core = makeTestCore();
  cores.push(core);
  const ipcMain = new FakeIpcMain();
  const win = new FakeWebContents(1);
  const trustedFrame = { url: OWN_URL };
  // The check main uses, with our window's shape: its webContents id and main frame.
  const window = { webContents: { id: win.id, mainFrame: trustedFrame } };
  const binding = bindIpc({
    ipcMain,
    dispatcher: core.dispatcher,
    bus: core.bus,
    isTrustedSender: (e) => isTrustedSender(e, window, OWN_URL),
  });
  binding.attachWindow(win);
  const trusted: IpcEventLike = { sender: win, senderFrame: trustedFrame };
  return { core, ipcMain, win, binding, trusted, trustedFrame };
}

const until = async (cond: () => boolean, ms = 2000) => {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 5));
  }
};

describe('IPC binding', () => {
  it('binds every contract method: none answers unknown_method', async () => {
    const { ipcMain, trusted } = setup();
    for (const m of METHOD_NAMES) {
      const channel = contract[m].kind === 'stream' ? IPC.streamStart : IPC.call;
      const r = (await ipcMain.invoke(channel, trusted, m, [])) as { ok: boolean; error?: { code: string } };
      if (!r.ok) expect(r.error?.code, m).not.toBe('unknown_method');
    }
    const unknown = await ipcMain.invoke(IPC.call, trusted, 'no.such', []);
    expect(unknown).toMatchObject({ ok: false, error: { code: 'unknown_method' } });
  });

  it('refuses senders that are not our window and frame', async () => {
    const { ipcMain, win } = setup();
    const stranger = new FakeWebContents(2);
    const events: IpcEventLike[] = [
      { sender: stranger, senderFrame: { url: OWN_URL } },
      { sender: win, senderFrame: { url: OWN_URL } }, // a subframe, not the main frame object
      { sender: win, senderFrame: null },
    ];
    for (const e of events) {
      for (const ch of [IPC.call, IPC.streamStart, IPC.streamCancel]) {
        expect(await ipcMain.invoke(ch, e, 'app.info', [])).toMatchObject({ ok: false, error: { code: 'forbidden' } });
      }
    }
  });

  it('refuses our own main frame once it shows another page, and everything while no window exists', async () => {
    const { ipcMain, win, trustedFrame, trusted } = setup();
    expect(await ipcMain.invoke(IPC.call, trusted, 'app.info', [])).toMatchObject({ ok: true });
    trustedFrame.url = 'https://evil.example/';
    expect(await ipcMain.invoke(IPC.call, trusted, 'app.info', [])).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    trustedFrame.url = 'file:///tmp/other.html';
    expect(await ipcMain.invoke(IPC.call, trusted, 'app.info', [])).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    trustedFrame.url = OWN_URL;
    // The same id on another object is still our window (ids identify webContents); no window at all trusts nobody.
    expect(isTrustedSender({ sender: new FakeWebContents(win.id), senderFrame: trustedFrame }, { webContents: { id: win.id, mainFrame: trustedFrame } }, OWN_URL)).toBe(true);
    expect(isTrustedSender(trusted, undefined, OWN_URL)).toBe(false);
  });

  it('round-trips a call with arguments validated in main', async () => {
    const { ipcMain, trusted } = setup();
    expect(await ipcMain.invoke(IPC.call, trusted, 'settings.set', [{ theme: 'dark' }])).toMatchObject({ ok: true, value: { theme: 'dark' } });
    expect(await ipcMain.invoke(IPC.call, trusted, 'settings.set', [{ theme: 'neon' }])).toMatchObject({ ok: false, error: { code: 'bad_request' } });
    expect(await ipcMain.invoke(IPC.call, trusted, 'settings.get', [])).toMatchObject({ ok: true, value: { theme: 'dark' } });
  });

  it('forwards stream chunks and done to the sender', async () => {
    const { ipcMain, trusted, win } = setup();
    const r = (await ipcMain.invoke(IPC.streamStart, trusted, 'dev.count', [{ to: 3 }])) as { ok: true; value: { streamId: string } };
    await until(() => win.streamEvents().some((e) => e.type === 'done'));
    const evs = win.streamEvents();
    expect(evs.every((e) => e.id === r.value.streamId)).toBe(true);
    expect(evs.map((e) => e.type)).toEqual(['chunk', 'chunk', 'chunk', 'done']);
  });

  it('honours cancel from the renderer', async () => {
    const { ipcMain, trusted, win, core } = setup();
    const r = (await ipcMain.invoke(IPC.streamStart, trusted, 'dev.count', [{ to: 1000, intervalMs: 20 }])) as {
      ok: true;
      value: { streamId: string };
    };
    await until(() => win.streamEvents().length >= 1);
    expect(await ipcMain.invoke(IPC.streamCancel, trusted, r.value.streamId)).toEqual({ ok: true, value: true });
    await until(() => win.streamEvents().some((e) => e.type === 'error'));
    expect(win.streamEvents().at(-1)).toMatchObject({ type: 'error', error: { code: 'cancelled' } });
    expect(core.dispatcher.running).toBe(0);
  });

  it('cancels a window’s streams when it is destroyed', async () => {
    const { ipcMain, trusted, win, core } = setup();
    await ipcMain.invoke(IPC.streamStart, trusted, 'dev.count', [{ to: 1000, intervalMs: 20 }]);
    await until(() => core.dispatcher.running === 1);
    win.destroy();
    await until(() => core.dispatcher.running === 0);
  });

  it('forwards pushes to attached windows and stops after unbind', async () => {
    const { ipcMain, trusted, win, binding, core } = setup();
    await ipcMain.invoke(IPC.call, trusted, 'settings.set', [{ uiLocale: 'ko' }]);
    const pushes = win.sent.filter((s) => s.channel === IPC.push).map((s) => s.payload as PushMessage);
    expect(pushes).toContainEqual({ event: 'settings.changed', payload: expect.objectContaining({ uiLocale: 'ko' }) });
    binding.unbind();
    expect(ipcMain.handlers.size).toBe(0);
    const before = win.sent.length;
    core.bus.emit('app.notice', { kind: 'info', message: 'x' });
    expect(win.sent.length).toBe(before);
  });
});
