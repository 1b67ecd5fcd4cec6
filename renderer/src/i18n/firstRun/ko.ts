import type { FirstRunMessages } from './en';

export const firstRunKo: FirstRunMessages = {
  welcome: {
    title: 'Yomimono에 오신 것을 환영합니다',
    offline: '키 없이 오프라인으로 동작합니다: 후리가나, 품사와 읽는 법, 단어 패널, 읽어 주기, 복습.',
    input: '아래에 일본어 텍스트를 붙여 넣거나 입력하고 분석을 누르세요. 일본어 이미지를 끌어 놓거나 붙여 넣을 수도 있습니다.',
    keys: '키를 추가하면 번역, 설명, 일본어 선생님 채팅, 이미지 글자 인식을 쓸 수 있습니다: <or>{{openrouter}}</or> 또는 <ge>{{gemini}}</ge>를 만든 뒤 설정에 붙여 넣으세요.',
    openrouter: 'OpenRouter 키',
    gemini: 'Gemini 키',
    addKey: '키 추가',
    dismiss: '확인',
    dismissLabel: '환영 메시지 닫기',
    dictionary: '오프라인 사전(EDRDG의 JMdict와 KANJIDIC, CC BY-SA 4.0)은 키 없이 뜻과 한자 카드를 보여 줍니다. 약 12 MB이며 한 번만 내려받으면 됩니다.',
    dictionaryDownload: '사전 내려받기',
    dictionaryBusy: '사전을 내려받는 중…',
    dictionaryDone: '오프라인 사전이 준비되었습니다: 단어 {{entries}}개, 한자 {{kanji}}개.',
  },
  noKey: {
    analysis: '오프라인 분석: 후리가나, 품사와 읽는 법을 키와 네트워크 없이 보여 줍니다. 키를 추가하면 모델 분석, 번역, 설명, 일본어 선생님 채팅, 이미지 글자 인식이 더해집니다.',
    translation: '번역은 API 키(OpenRouter 또는 Gemini)를 추가하면 쓸 수 있습니다.',
    detail: '오프라인 분석 결과: 읽는 법, 사전형, 품사, 로마자. 키를 추가하면 뜻, 설명, 예문이 더해집니다.',
    romaji: '로마자',
    chat: '일본어 선생님 채팅에는 API 키(OpenRouter 또는 Gemini)가 필요합니다. 저장된 대화는 여기 그대로 있습니다.',
    image: '이미지에서 글자를 읽으려면 API 키(OpenRouter 또는 Gemini)가 필요합니다.',
    addKey: '키 추가',
    dismissLabel: '이 안내 다시 표시하지 않기',
  },
};
