/**
 * The media feature's public entry: uploaded images and their image variants (the blog asks
 * which variants of its images are ready; the admin routes store uploads).
 */
export { MAX_UPLOAD_BYTES } from "./upload.ts";
export { imageSources, responsiveImagesHtml } from "./picture-html.ts";
export type { MediaService } from "./service.ts";
