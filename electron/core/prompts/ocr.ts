import type { ChatMessage } from './jsonSchema';

/** Bump when the default prompt below changes what the model answers (part of the OCR cache key). */
export const OCR_PROMPT_VERSION = 1;

export const DEFAULT_OCR_PROMPT =
  'Extract all Japanese text in this image exactly as written, in reading order (vertical text top-to-bottom, right-to-left). Keep line breaks between lines and blank lines between blocks. Output only the text.';

export function ocrMessages(imageData: string, prompt: string | undefined): ChatMessage[] {
  return [
    {
      role: 'user',
      content: [
        { type: 'text', text: prompt?.trim() ? prompt : DEFAULT_OCR_PROMPT },
        { type: 'image_url', image_url: { url: imageData } },
      ],
    },
  ];
}
