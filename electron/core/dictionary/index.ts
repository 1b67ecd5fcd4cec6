export { DictionaryService, DOWNLOAD_FILES, type DictionaryServiceOptions } from './dictionaryService';
export { deinflect, type Candidate } from './deinflect';
export { lookup, scanText, type ExtraTerm } from './lookup';
export { DictionaryInputError } from './errors';
