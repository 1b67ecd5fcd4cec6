import type { KeysMessages } from './en';

export const keysZhTW: KeysMessages = {
  keyRules: {
    badCharacters: '金鑰只能包含字母、數字和 ASCII 符號，不能有空格或換行。請檢查貼上的內容。',
  },
  keyStore: {
    none: '此處沒有可用的系統鑰匙圈，因此無法在這裡儲存金鑰。',
    browser:
      '在瀏覽器模式下，請在啟動伺服器時以環境變數提供金鑰：OPENROUTER_API_KEY、GEMINI_API_KEY 和 OPENROUTER_MANAGEMENT_KEY（例如 OPENROUTER_API_KEY=… npm run serve）。這些金鑰會在這裡顯示為「由環境變數設定」。',
    desktopFallback: '在桌面版中，可以改用備用儲存區：金鑰會存放在應用程式資料夾中的一個檔案裡，只經過混淆而沒有真正加密，能讀取你檔案的人也能讀取這些金鑰。',
    allowFallback: '使用備用儲存區',
    desktopNoFallback:
      '在桌面版中，請解鎖或安裝系統鑰匙圈（GNOME Keyring、KWallet），或在啟動應用程式時設定環境變數 OPENROUTER_API_KEY、GEMINI_API_KEY 和 OPENROUTER_MANAGEMENT_KEY。',
    logged: '系統提供的原因記錄在應用程式記錄中，錯誤編號為 {{id}}。',
  },
};
