import { describe, expect, it } from 'vitest';
import { DEFAULT_MODEL } from '../../../shared/catalog';
import { IMAGE_DATA_MAX_BYTES } from '../../../shared/limits';
import { APP_MESSAGES } from '../../../shared/messages';
import { AppError } from '../../../shared/result';
import { analyzePlan, chatPlan, imageToTextPlan, translatePlan, wordDetailPlan, type TaskEnv } from '../../../electron/core/models/modelTasks';

const env: TaskEnv = { locale: 'en' };

/** The AppError a task throws, as data. */
function failure(run: () => unknown) {
  try {
    run();
  } catch (e) {
    expect(e).toBeInstanceOf(AppError);
    return (e as AppError).data;
  }
  throw new Error('the task accepted its input');
}

describe('model tasks: typed input, checked values, a plan out', () => {
  it('a blank required text is bad_request with the missing-parameter message', () => {
    expect(failure(() => analyzePlan({ prompt: '  ' }, env))).toEqual({ code: 'bad_request', message: APP_MESSAGES.missingParam('prompt'), status: 400 });
    expect(failure(() => translatePlan({ text: '' }, env))).toMatchObject({ code: 'bad_request', message: APP_MESSAGES.missingParam('text') });
    expect(failure(() => wordDetailPlan({ word: 'w', sentence: '\n', pos: 'noun' }, env))).toMatchObject({ message: APP_MESSAGES.missingParam('sentence') });
  });

  it('a word needs its part of speech; a phrase does not', () => {
    expect(failure(() => wordDetailPlan({ word: '猫', sentence: '猫がいる。' }, env))).toMatchObject({ code: 'bad_request', message: APP_MESSAGES.missingParam('pos') });
    const plan = wordDetailPlan({ word: '猫がいる', sentence: '猫がいる。', kind: 'phrase' }, env);
    expect(plan.task).toBe('translation');
    expect(plan.responseFormat?.json_schema.name).toMatch(/phrase/i);
  });

  it('an image over IMAGE_DATA_MAX_BYTES is too_large (413); one that is not an image data URL is bad_request', () => {
    const over = 'data:image/png;base64,' + 'A'.repeat(IMAGE_DATA_MAX_BYTES);
    expect(failure(() => imageToTextPlan({ imageData: over }, env))).toEqual({ code: 'too_large', message: APP_MESSAGES.imageTooLarge, status: 413 });
    expect(failure(() => imageToTextPlan({ imageData: 'data:text/plain;base64,AAAA' }, env))).toMatchObject({ code: 'bad_request', message: APP_MESSAGES.invalidImage });
    expect(imageToTextPlan({ imageData: 'data:image/jpeg;base64,AAAA' }, env).task).toBe('imageText');
  });

  it('a chat needs a message; it streams unless told not to, behind the tutor prompt', () => {
    expect(failure(() => chatPlan({ messages: [] }, env))).toMatchObject({ code: 'bad_request', message: APP_MESSAGES.emptyMessages });
    const plan = chatPlan({ messages: [{ role: 'user', content: 'hi' }] }, env);
    expect(plan.stream).toBe(true);
    expect(plan.messages.map((m) => m.role)).toEqual(['system', 'user']);
    expect(chatPlan({ messages: [{ role: 'user', content: 'hi' }], stream: false }, env).stream).toBe(false);
  });

  it('an unknown provider or model falls back to the default (the model rule), not an error', () => {
    const plan = translatePlan({ text: '猫', provider: 'nonsense', model: 'no/such-model' }, env);
    expect(plan.provider).toBe('openrouter');
    expect(plan.model).toBe(DEFAULT_MODEL.openrouter);
    expect(plan.stream).toBe(false);
  });
});
