import type { KeysMessages } from './en';

export const keysKo: KeysMessages = {
  keyRules: {
    badCharacters: '키에는 영문자, 숫자, ASCII 기호만 쓸 수 있으며 공백이나 줄바꿈은 안 됩니다. 붙여 넣은 내용을 확인해 주세요.',
  },
  keyStore: {
    none: '여기에서는 시스템 키체인을 사용할 수 없어 이 화면에서 키를 저장할 수 없습니다.',
    browser:
      '브라우저 모드에서는 서버를 시작할 때 환경 변수로 키를 넘겨 주세요: OPENROUTER_API_KEY, GEMINI_API_KEY, OPENROUTER_MANAGEMENT_KEY (예: OPENROUTER_API_KEY=… npm run serve). 이렇게 넘긴 키는 여기에서 “환경 변수로 설정됨”으로 표시됩니다.',
    desktopFallback:
      '데스크톱 앱에서는 대체 저장소를 쓸 수 있습니다. 키는 앱 데이터 폴더의 파일에 보관되며, 난독화만 될 뿐 제대로 암호화되지 않으므로 내 파일을 읽을 수 있는 사람은 키도 읽을 수 있습니다.',
    allowFallback: '대체 저장소 사용',
    desktopNoFallback:
      '데스크톱 앱에서는 시스템 키체인(GNOME Keyring, KWallet)을 잠금 해제하거나 설치하세요. 또는 환경 변수 OPENROUTER_API_KEY, GEMINI_API_KEY, OPENROUTER_MANAGEMENT_KEY를 설정하고 앱을 시작하세요.',
    logged: '시스템이 알려 준 원인은 앱 로그에 오류 ID {{id}}로 기록되어 있습니다.',
  },
};
