import { AdminSelect } from "../components/admin-fields";

/** Filters a list of articles or courses by status: all, published or drafts (and scheduled, for articles). */
export function PublishStatusSelect({ value, onChange, scheduled = false }: { value: string; onChange: (status: string) => void; scheduled?: boolean }) {
  return (
    <AdminSelect label="Status" value={value} onChange={(event) => onChange(event.target.value)}>
      <option value="">All</option>
      <option value="published">Published</option>
      <option value="draft">Drafts</option>
      {scheduled && <option value="scheduled">Scheduled</option>}
    </AdminSelect>
  );
}
