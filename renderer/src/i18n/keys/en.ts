/** Messages about API keys themselves (what a key may contain). English is the key source. */
import type { Widen } from '../widen';

export const keysEn = {
  keyRules: {
    badCharacters: 'A key may contain only letters, digits and ASCII symbols, with no spaces or line breaks. Check what was pasted.',
  },
  keyStore: {
    none: 'No keychain is available here, so keys cannot be saved from this screen.',
    browser:
      'In browser mode, give the keys to the server when you start it, as environment variables: OPENROUTER_API_KEY, GEMINI_API_KEY and OPENROUTER_MANAGEMENT_KEY (for example OPENROUTER_API_KEY=… npm run serve). They then show here as “Set by the environment”.',
    desktopFallback:
      'On the desktop you can use the fallback store instead: the keys are then kept in a file in the app’s data folder that is obfuscated but not really encrypted, so anyone who can read your files can read them.',
    allowFallback: 'Use the fallback store',
    desktopNoFallback:
      'On the desktop, unlock or install a keychain (GNOME Keyring, KWallet), or start the app with the environment variables OPENROUTER_API_KEY, GEMINI_API_KEY and OPENROUTER_MANAGEMENT_KEY.',
    logged: 'The system’s reason is in the app’s log under error id {{id}}.',
  },
};

export type KeysMessages = Widen<typeof keysEn>;
