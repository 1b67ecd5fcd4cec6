import type { KeysMessages } from './en';

export const keysZhTW: KeysMessages = {
  keyRules: {
    badCharacters: '金鑰只能包含字母、數字和 ASCII 符號，不能有空格或換行。請檢查貼上的內容。',
  },
};
