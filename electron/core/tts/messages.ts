/**
 * Messages of the speech-synthesis errors, in Simplified Chinese like every error body
 * (whatever the locale). The fixed messages of shared/messages.ts are reused where one fits.
 */
import { APP_MESSAGES, SEED_MESSAGES } from '../../../shared/messages';

export const TTS_MESSAGES = {
  unsupportedProvider: APP_MESSAGES.unsupportedTtsProvider,
  missingText: APP_MESSAGES.missingParam('text'),
  textTooLong: (max: number) => `参数 text 过长，最多 ${max} 个字符`,
  unsupportedVoice: (voices: readonly string[]) => `不支持的语音，voice 应为 ${voices.join('、')} 之一`,
  missingKey: SEED_MESSAGES.missingKey,
  timeout: SEED_MESSAGES.upstreamTimeout,
  cancelled: '请求已取消',
  edgeUnreachable: '无法连接语音合成服务，请稍后重试。',
  edgeRejected: (status: number) => `语音合成服务拒绝了连接（HTTP ${status}），请稍后重试。`,
  edgeClosedEarly: '语音合成服务连接意外中断，请重试。',
  edgeBadFrame: '语音合成服务返回了无法识别的数据。',
  noAudio: '语音合成服务未返回音频。',
  upstreamUnreachable: APP_MESSAGES.upstreamUnreachable,
  upstreamInvalid: APP_MESSAGES.upstreamInvalid,
  upstreamHttp: (status: number) => `语音合成服务返回错误（HTTP ${status}）`,
} as const;
