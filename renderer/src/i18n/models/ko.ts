import type { ModelsMessages } from './en';

export const modelsKo: ModelsMessages = {
  models: {
    tasks: { analysis: '분석', translation: '번역과 설명', imageText: '이미지 글자 인식', chat: '채팅', daily: '오늘의 문장' },
    taskHelp: {
      analysis: '오늘의 문장에도 쓰입니다. 구조화 출력을 지원하는 모델이 먼저 나옵니다.',
      translation: '단어·구절 설명에도 쓰입니다. 구조화 출력을 지원하는 모델이 먼저 나옵니다.',
      imageText: '이미지를 읽을 수 있는 모델만 표시합니다.',
      chat: '일본어 선생님 채팅.',
    },
    sameAsAnalysis: '분석과 같음',
    search: 'ID나 이름으로 검색',
    searchLabel: '모델 검색: {{task}}',
    results: '모델 {{count}}개',
    noResults: '“{{query}}”에 맞는 모델이 없습니다.',
    more: '입력해서 좁혀 보세요: {{count}}개 더 있음.',
    price: '입력 ${{prompt}} · 출력 ${{completion}} / 백만 토큰',
    noPrice: '제공자가 과금',
    priceUnknown: '가격 알 수 없음(기본 목록)',
    context: '컨텍스트 {{tokens}} 토큰',
    badges: { free: '무료', image: '이미지', structured: '구조화 출력', noStructured: '프롬프트에 스키마', abilitiesUnknown: '기능 알 수 없음' },
    source: {
      live: '모델 목록을 {{time}}에 가져왔습니다.',
      stored: '{{time}}의 모델 목록(저장됨).',
      builtin: '내장 모델 목록(아직 가져오지 않음).',
    },
    refresh: '모델 목록 새로 고침',
    refreshing: '새로 고치는 중…',
    replaced: '{{model}}은(는) 더 이상 제공되지 않습니다: 대신 {{replacement}}을(를) 씁니다.',
    costLimit: '예상 비용이 이 금액을 넘으면 먼저 묻기(US$)',
    costLimitHelp: '글 길이와 분석 모델의 가격으로 추정합니다.',
    cost: { line: '이번 분석: {{cost}} · {{tokens}} 토큰', tokensOnly: '이번 분석: {{tokens}} 토큰' },
    estimate: {
      title: '이번 분석은 약 {{cost}}이(가) 들 수 있습니다',
      body: '{{chars}}자와 {{model}}(으)로 추정했습니다. 한도는 {{limit}}입니다.',
      go: '그래도 분석',
      cancel: '취소',
    },
    spend: { title: '오늘 쓴 금액', none: '오늘은 모델 답변이 없습니다.', row: '{{cost}} · 답변 {{requests}}개', rowTokens: '{{tokens}} 토큰 · 답변 {{requests}}개' },
  },
};
