/** IPC channel names shared by main and preload. */
export const IPC = {
  call: 'yomimono:call',
  streamStart: 'yomimono:stream-start',
  streamCancel: 'yomimono:stream-cancel',
  stream: 'yomimono:stream',
  push: 'yomimono:push',
} as const;
