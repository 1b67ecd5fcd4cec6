/** The gateway client core (issue 4). No UI and no IPC here; electron/main wires it. */
export * from './clock';
export * from './windows';
export * from './keyRecord';
export * from './errors';
export * from './retry';
export * from './sse';
export * from './throttle';
export * from './client';
export * from './meter';
