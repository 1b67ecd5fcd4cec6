import type { ReadingsMessages } from './en';

export const readingsKo: ReadingsMessages = {
  readings: {
    edit: '읽기 고치기',
    editTitle: '{{word}}의 읽기 고치기 (나오는 모든 곳에 적용)',
    label: '{{word}}의 읽기',
    save: '저장',
    cancel: '취소',
    reset: '원래 읽기로 되돌리기',
    yours: '내가 정한 읽기',
    help: '가나로 입력하세요. {{word}}은(는) 텍스트, 책, 오늘의 문장, 기록, 복습 등 모든 곳에서 이렇게 읽힙니다.',
    notKana: '읽기는 가나(히라가나 또는 가타카나)로 입력하세요.',
    failed: '읽기를 저장하지 못했습니다. 다시 시도하세요.',
  },
};
