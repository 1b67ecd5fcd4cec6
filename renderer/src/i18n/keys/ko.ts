import type { KeysMessages } from './en';

export const keysKo: KeysMessages = {
  keyRules: {
    badCharacters: '키에는 영문자, 숫자, ASCII 기호만 쓸 수 있으며 공백이나 줄바꿈은 안 됩니다. 붙여 넣은 내용을 확인해 주세요.',
  },
};
