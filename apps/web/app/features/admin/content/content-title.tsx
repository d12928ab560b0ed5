import type { ReactNode } from "react";
import { AdminPageTitle, ViewOnSiteLink } from "../components/admin-page-title";
import { PublishBadge } from "../components/status-badge";

/**
 * The heading of an article's or a course's editor: its title, then its status and figures (or,
 * while it is new, what to do first), and the way to its page on the site once published.
 */
export function ContentTitle({
  back,
  title,
  status,
  facts,
  intro,
  siteHref,
}: {
  back: ReactNode;
  title: string;
  /** undefined while the record is new. */
  status: string | undefined;
  facts: ReactNode;
  intro: string;
  siteHref: string;
}) {
  return (
    <AdminPageTitle
      back={back}
      title={title}
      description={
        status ? (
          <span className="inline-flex flex-wrap items-center gap-2">
            <PublishBadge status={status} /> {facts}
          </span>
        ) : (
          intro
        )
      }
      actions={status === "published" && <ViewOnSiteLink href={siteHref} />}
    />
  );
}
