import type { KeysMessages } from './en';

export const keysZhCN: KeysMessages = {
  keyRules: {
    badCharacters: '密钥只能包含字母、数字和 ASCII 符号，不能有空格或换行。请检查粘贴的内容。',
  },
  keyStore: {
    none: '此处没有可用的系统钥匙串，因此无法在这里保存密钥。',
    browser:
      '在浏览器模式下，请在启动服务器时以环境变量提供密钥：OPENROUTER_API_KEY、GEMINI_API_KEY 和 OPENROUTER_MANAGEMENT_KEY（例如 OPENROUTER_API_KEY=… npm run serve）。这些密钥会在这里显示为“由环境变量设置”。',
    desktopFallback: '在桌面版中，可以改用备用存储：密钥会保存在应用数据文件夹中的一个文件里，只经过混淆而没有真正加密，能读取你文件的人也能读取这些密钥。',
    allowFallback: '使用备用存储',
    desktopNoFallback:
      '在桌面版中，请解锁或安装系统钥匙串（GNOME Keyring、KWallet），或在启动应用时设置环境变量 OPENROUTER_API_KEY、GEMINI_API_KEY 和 OPENROUTER_MANAGEMENT_KEY。',
    logged: '系统给出的原因记录在应用日志中，错误编号为 {{id}}。',
  },
};
