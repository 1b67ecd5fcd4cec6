import type { ReadingsMessages } from './en';

export const readingsZhCN: ReadingsMessages = {
  readings: {
    edit: '修改读音',
    editTitle: '修改 {{word}} 的读音（所有出现的地方都会采用）',
    label: '{{word}} 的读音',
    save: '保存',
    cancel: '取消',
    reset: '恢复通常读音',
    yours: '你设定的读音',
    help: '请用假名输入。{{word}} 在所有地方都会这样标注振假名：文本、书籍、每日一句、历史记录和复习。',
    notKana: '请用假名（平假名或片假名）输入读音。',
    failed: '读音未能保存，请重试。',
  },
};
