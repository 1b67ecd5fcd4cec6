import { AppError } from '../../../shared/result';

/**
 * `no_index`: a zip without a Yomitan `index.json`; `newer_format`: a Yomitan format this app
 * does not read yet; `damaged_bank`: a bank that is not the JSON its format says.
 */
export type DictionaryInputProblem =
  | 'not_dictionary'
  | 'truncated'
  | 'external_entity'
  | 'entity_limit'
  | 'too_large'
  | 'malformed'
  | 'no_index'
  | 'newer_format'
  | 'damaged_bank'
  | 'text_limit'
  | 'database_limit';

/** A file the importer refuses; the message is shown to the learner as it is. */
export class DictionaryInputError extends AppError {
  constructor(readonly problem: DictionaryInputProblem, message: string) {
    super({ code: problem === 'too_large' ? 'too_large' : 'bad_request', message, status: problem === 'too_large' ? 413 : 400, details: { problem } });
  }
}
