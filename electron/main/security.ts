/**
 * The window's guard rails: no navigation away from the app, no new windows
 * (web links open in the system browser), no webviews, only the permissions
 * the app uses, and a CSP on every page we serve. Written against small
 * structural types so tests drive it with fakes; main passes the real objects.
 */
import { CONTENT_SECURITY_POLICY, contentSecurityPolicy } from '../core/http/staticFiles';
import { isOwnUrl } from './ownUrl';

const EXTERNAL = /^https?:\/\//i;

/** Writing to the clipboard (copy buttons). Reading is never granted: the renderer takes pastes from paste events. */
const ALLOWED_PERMISSIONS: ReadonlySet<string> = new Set(['clipboard-sanitized-write']);

interface PreventableEvent {
  preventDefault(): void;
}

export interface SessionLike {
  setPermissionRequestHandler(handler: (wc: unknown, permission: string, callback: (granted: boolean) => void, details?: unknown) => void): void;
  setPermissionCheckHandler(handler: (wc: unknown, permission: string, requestingOrigin: string, details?: unknown) => boolean): void;
  readonly webRequest: {
    onHeadersReceived(
      listener: (
        details: { url: string; responseHeaders?: Record<string, string[] | string> },
        callback: (response: { responseHeaders?: Record<string, string[] | string> }) => void,
      ) => void,
    ): void;
  };
}

export interface GuardedContents {
  readonly session: SessionLike;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void;
  on(event: 'will-navigate', listener: (event: PreventableEvent, url: string) => void): unknown;
  on(event: 'will-attach-webview', listener: (event: PreventableEvent) => void): unknown;
}

export interface SecurityDeps {
  /** shell.openExternal */
  openExternal(url: string): Promise<void> | void;
}

/** The permission rule both handlers share: only what the app uses, only for its own page. */
export function isPermissionAllowed(permission: string, requestingUrl: string, appUrl: string): boolean {
  return ALLOWED_PERMISSIONS.has(permission) && isOwnUrl(requestingUrl, appUrl);
}

const urlOf = (wc: unknown): string => {
  const getURL = (wc as { getURL?: () => string } | null)?.getURL;
  return typeof getURL === 'function' ? getURL.call(wc) : '';
};

export function lockDownWebContents(contents: GuardedContents, appUrl: string, deps: SecurityDeps): void {
  const open = (url: string): void => {
    if (EXTERNAL.test(url)) void Promise.resolve(deps.openExternal(url)).catch(() => undefined);
  };
  contents.setWindowOpenHandler(({ url }) => {
    open(url);
    return { action: 'deny' };
  });
  contents.on('will-navigate', (event, url) => {
    if (isOwnUrl(url, appUrl)) return;
    event.preventDefault();
    open(url);
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());

  const session = contents.session;
  session.setPermissionRequestHandler((wc, permission, callback, details) => {
    const requestingUrl = (details as { requestingUrl?: unknown } | undefined)?.requestingUrl;
    callback(isPermissionAllowed(permission, typeof requestingUrl === 'string' ? requestingUrl : urlOf(wc), appUrl));
  });
  // Checks (navigator.permissions.query, clipboard API gates) follow the same rule as requests.
  session.setPermissionCheckHandler((wc, permission, requestingOrigin) =>
    isPermissionAllowed(permission, urlOf(wc) || requestingOrigin, appUrl),
  );
  // The page's <meta> CSP covers file://; a served page (the dev server) also gets it as a header.
  // Only a development build loads from a server, and Vite's injects the CSS as <style> elements.
  const policy = /^https?:/i.test(appUrl) ? contentSecurityPolicy([], { devInlineStyles: true }) : CONTENT_SECURITY_POLICY;
  session.webRequest.onHeadersReceived((details, callback) => {
    if (!isOwnUrl(details.url, appUrl)) return callback({});
    const headers = { ...details.responseHeaders };
    for (const k of Object.keys(headers)) if (k.toLowerCase() === 'content-security-policy') delete headers[k];
    headers['Content-Security-Policy'] = [policy];
    callback({ responseHeaders: headers });
  });
}
