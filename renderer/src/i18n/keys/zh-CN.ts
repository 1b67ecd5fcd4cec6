import type { KeysMessages } from './en';

export const keysZhCN: KeysMessages = {
  keyRules: {
    badCharacters: '密钥只能包含字母、数字和 ASCII 符号，不能有空格或换行。请检查粘贴的内容。',
  },
};
