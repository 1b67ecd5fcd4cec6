/** The source of message keys: every other locale must have exactly these. */
export const en = {
  app: { title: 'Yomimono', tagline: 'Japanese reading companion' },
  nav: { reader: 'Reader', settings: 'Settings', back: 'Back to reader' },
  meter: { placeholder: 'Credits' },
  reader: {
    heading: 'Read Japanese',
    empty: 'Paste or type Japanese text to begin.',
    inputLabel: 'Japanese text',
    analyze: 'Analyse',
    shortcut: 'Ctrl+Enter',
  },
  settings: {
    heading: 'Settings',
    appearance: 'Appearance',
    theme: 'Theme',
    themes: { system: 'System', light: 'Light', dark: 'Dark' },
    uiLocale: 'Interface language',
    explanationLocale: 'Explanation language',
    keys: 'API keys',
    keysHelp: 'Keys are kept in the system keychain and never shown again.',
    backend: 'Stored in: {{backend}}',
    noBackend: 'No keychain is available: {{reason}}',
    keyNames: { openrouter: 'OpenRouter API key', gemini: 'Gemini API key', openrouterManagement: 'OpenRouter management key' },
    keySet: 'Set, ends with …{{hint}}',
    keySetEnv: 'Set by the environment, ends with …{{hint}}',
    keyNotSet: 'Not set',
    keyPlaceholder: 'Paste a key',
    save: 'Save',
    clear: 'Clear',
    saved: 'Saved',
    cleared: 'Cleared',
  },
  locales: { 'zh-CN': '简体中文', 'zh-TW': '繁體中文', en: 'English', ko: '한국어' },
  notices: { databaseRecovered: 'The database could not be read and was replaced with a new one. The old file was kept at {{path}}.', dismiss: 'Dismiss' },
  errors: { generic: 'Something went wrong: {{message}}', offline: 'You are offline.' },
};

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
export type Messages = Widen<typeof en>;
