import type { ReadingsMessages } from './en';

export const readingsZhTW: ReadingsMessages = {
  readings: {
    edit: '修改讀音',
    editTitle: '修改 {{word}} 的讀音（所有出現的地方都會採用）',
    label: '{{word}} 的讀音',
    save: '儲存',
    cancel: '取消',
    reset: '恢復通常讀音',
    yours: '你設定的讀音',
    help: '請用假名輸入。{{word}} 在所有地方都會這樣標音：文章、書籍、每日一句、歷史紀錄和複習。',
    notKana: '請用假名（平假名或片假名）輸入讀音。',
    failed: '讀音未能儲存，請再試一次。',
  },
};
