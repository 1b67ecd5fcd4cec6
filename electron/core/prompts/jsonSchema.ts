/** Structured calls send `response_format: { type: 'json_schema', json_schema: { name, strict: true, schema } }`. */
export interface JsonSchemaFormat {
  type: 'json_schema';
  json_schema: { name: string; strict: true; schema: Record<string, unknown> };
}

export function jsonSchemaFormat(name: string, schema: Record<string, unknown>): JsonSchemaFormat {
  return { type: 'json_schema', json_schema: { name, strict: true, schema } };
}

export const stringProps = (names: readonly string[]): Record<string, { type: 'string' }> =>
  Object.fromEntries(names.map((n) => [n, { type: 'string' as const }]));

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string | Array<{ type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string } }>;
}
