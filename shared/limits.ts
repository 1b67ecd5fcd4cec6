/**
 * The largest image a model task accepts, through either door (`ocr.extract` and
 * `/api/image-to-text`): its data URL in bytes, which for base64 is also its length.
 */
export const IMAGE_DATA_MAX_BYTES = 8 * 1024 * 1024;
