/**
 * The fixed error messages of the /api routes. Their text is always this
 * Simplified Chinese, whatever the locale (`X-App-Locale` does not change it);
 * the renderer maps them to the UI language.
 */
export const SEED_MESSAGES = {
  apiUrlForbidden: '客户端不再支持自定义 API URL，请在服务器环境变量中配置上游端点。',
  authRequired: '请先通过密码验证',
  missingKey: '未提供API密钥，请在设置中配置API密钥或联系管理员配置服务器密钥',
  upstreamTimeout: '上游接口请求超时，请稍后重试。',
  streamIdle: '上游流式响应空闲超时，请重试。',
} as const;

/** Messages for the failures that have no fixed text above (wrong password, too many attempts…): also Simplified Chinese. */
export const APP_MESSAGES = {
  wrongPassword: '密码错误',
  tooManyAttempts: '尝试次数过多，请稍后再试',
  invalidJson: '请求体不是有效的 JSON',
  bodyNotObject: '请求体必须是 JSON 对象',
  bodyTooLarge: '请求体过大',
  imageTooLarge: '图片过大，最大 8 MB',
  invalidImage: '图片数据无效，请提供 data URL 格式的图片',
  missingParam: (name: string) => `缺少必填参数：${name}`,
  wrongType: (name: string, type: string) => `参数 ${name} 类型错误，应为 ${type}`,
  emptyMessages: 'messages 不能为空',
  unsupportedTtsProvider: '不支持的语音合成服务',
  dailyUnavailable: '今日句子暂不可用',
  notFound: '接口不存在',
  methodNotAllowed: '请求方法不被允许',
  unsupportedMediaType: '请求必须使用 Content-Type: application/json',
  hostNotAllowed: '不允许的主机名',
  internal: '服务器内部错误',
  upstreamInvalid: '上游返回了无效的响应',
  upstreamUnreachable: '无法连接上游服务',
} as const;
