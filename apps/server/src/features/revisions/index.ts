/**
 * The revisions feature's public entry: the service the blog and learning services record their
 * saves with, and read when they restore one.
 */
export { createRevisionsService, type RevisionAuthor, type RevisionEntry, type RevisionsService } from "./service.ts";
