import { Fragment } from "react";
import { Link } from "react-router";
import { authorPath } from "@vestin/shared/authors-core";
import type { AuthorRef } from "@vestin/shared/blog";
import { AuthorPhoto } from "./author-photo";

/** An article's authors in byline order, each linked to their page; "A, B and C". */
export function AuthorByline({ authors, fallbackName }: { authors: AuthorRef[]; fallbackName: string }) {
  if (authors.length === 0) return <span className="font-semibold text-ink">{fallbackName}</span>;
  return (
    <span className="flex items-center gap-3">
      <span className="flex -space-x-2">
        {authors.slice(0, 3).map((a) => (
          <span key={a._id} className="rounded-full ring-2 ring-surface">
            <AuthorPhoto name={a.name} photoUrl={a.photoUrl} />
          </span>
        ))}
      </span>
      <span className="font-semibold text-ink">
        {authors.map((a, i) => (
          <Fragment key={a._id}>
            {i > 0 && (i === authors.length - 1 ? " and " : ", ")}
            <Link to={authorPath(a.slug)} rel="author" className="hover:text-brand-violet hover:underline">
              {a.name}
            </Link>
          </Fragment>
        ))}
      </span>
    </span>
  );
}
