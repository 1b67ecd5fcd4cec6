import type { ShortcutsMessages } from './en';

export const shortcutsKo: ShortcutsMessages = {
  shortcuts: {
    title: '단축키',
    help: '앱의 모든 단축키입니다. 어디서나 {{key}} 키를 누르면 볼 수 있습니다.',
    change: '단축키 바꾸기',
    close: '닫기',
    or: '또는',
    noKey: '키 없음',
    fixed: '고정',
    scopes: { global: '모든 화면', popup: '사전 팝업', reader: '읽기', book: '책', review: '복습', chat: '튜터 채팅' },
    actions: {
      app: {
        help: '단축키 목록 보기',
        settings: '설정 열기',
        close: '가장 최근에 연 팝업·카드·패널·대화상자 닫기(설정에서는 읽기 화면으로)',
      },
      reader: {
        analyze: '텍스트 분석(입력란에서)',
        reanalyze: '저장된 분석 대신 다시 분석(입력란에서)',
        openWord: '포커스된 단어의 패널 열기',
        extendPhrase: '포커스된 단어를 구절에 추가',
        move: '단어와 줄 사이 이동, Home·End: 첫 단어·마지막 단어',
        extendMove: '구절 늘리기',
      },
      book: {
        nextPage: '다음 페이지',
        prevPage: '이전 페이지',
        wordMode: '키보드로 단어 고르기, 단어 위에서는 패널 열기',
        arrows: '화살표 방향으로 페이지 넘기기, 단어 모드에서는 다음 단어나 줄',
        extendMove: '단어 모드에서 구절 늘리기',
      },
      review: {
        reveal: '정답 보기',
        again: '“{{grade}}”로 평가',
        hard: '“{{grade}}”로 평가',
        good: '“{{grade}}”로 평가',
        easy: '“{{grade}}”로 평가',
      },
      chat: { send: '메시지 보내기(Shift+Enter: 줄바꿈)' },
    },
    lookup: {
      label: '포인터 아래 단어 찾기',
      keys: { shift: 'Shift 누르기', alt: 'Alt 누르기', ctrl: 'Ctrl 누르기', hover: '키 없이 올려 두기', off: '끄기' },
      help: '일본어를 가리키면서 키를 누르고 있거나, 단어 위에서 한 번 누르세요. 이 키와 함께 한 클릭·드래그·다른 키는 각자의 동작만 하고 팝업을 열지 않습니다.',
      hoverHelp: '일본어 위에 포인터를 잠시 올려 두면 사전 항목이 보이고, 벗어나면 닫힙니다.',
    },
    gestures: {
      heading: '마우스',
      readerClick: '단어 클릭: 단어 패널',
      readerPhrase: '단어들을 드래그하거나 Shift+클릭: 구절 설명',
      bookSelect: '단어 클릭: 단어 패널 · 단어들을 선택: 구절 설명',
      kanji: '팝업이나 패널의 한자 클릭: 한자 카드',
    },
    keyNames: { Space: '스페이스', Escape: 'Esc' },
    settings: {
      add: '키 추가',
      remove: '{{key}} 삭제',
      reset: '기본 키로',
      resetAll: '모든 단축키를 기본값으로',
      press: '“{{action}}”에 쓸 새 키를 누르세요(Esc: 취소)…',
      cancel: '취소',
      clash: '{{key}} 키는 이미 “{{action}}”({{scope}})에 쓰이고 있습니다. 다른 키를 고르거나 먼저 그쪽에서 지우세요.',
      reserved: '{{key}} 키는 컨트롤 사이에서 포커스를 옮기는 데 쓰이므로 단축키로 쓸 수 없습니다.',
      tooMany: '동작 하나에는 키를 {{count}}개까지 쓸 수 있습니다.',
    },
    hints: {
      book: '{{wordMode}}: 키보드로 단어 고르기 · {{pages}}: 페이지 넘기기 · {{help}}: 모든 단축키',
      bookWords: '화살표: 다음 단어나 줄 · Shift+화살표: 구절 · {{open}}: 패널 열기 · Esc: 닫기',
      review: '{{reveal}}로 정답을 보고 {{grades}}로 평가합니다.',
    },
  },
};
