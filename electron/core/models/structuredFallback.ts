import type { JsonSchemaFormat } from '../prompts/jsonSchema';
import type { ModelPlan } from './modelPlan';
import type { ModelResolver } from './modelChoice';

/** The instruction that stands in for `response_format` with a model that lacks structured outputs. */
function schemaInstruction(format: JsonSchemaFormat): string {
  return (
    `Answer with one JSON object only (no prose, no Markdown fence) that validates against this JSON Schema ` +
    `named "${format.json_schema.name}":\n${JSON.stringify(format.json_schema.schema)}`
  );
}

/**
 * A structured plan for a model without structured outputs: the schema moves
 * into the prompt and `response_format` is dropped (such a model would refuse
 * it or ignore it). The caller validates the answer and asks once more on a
 * parse failure.
 */
export function withStructuredFallback(plan: ModelPlan, models: ModelResolver | undefined): ModelPlan {
  if (!plan.responseFormat || !models || models.structuredOutputs(plan.provider, plan.model)) return plan;
  const { responseFormat, ...rest } = plan;
  return { ...rest, messages: [...plan.messages, { role: 'system', content: schemaInstruction(responseFormat) }] };
}
