import { AppError } from '../../../shared/result';

export type DictionaryInputProblem = 'not_dictionary' | 'truncated' | 'external_entity' | 'entity_limit' | 'too_large' | 'malformed' | 'text_limit' | 'database_limit';

/** A file the importer refuses; the message is shown to the learner as it is. */
export class DictionaryInputError extends AppError {
  constructor(readonly problem: DictionaryInputProblem, message: string) {
    super({ code: problem === 'too_large' ? 'too_large' : 'bad_request', message, status: problem === 'too_large' ? 413 : 400, details: { problem } });
  }
}
