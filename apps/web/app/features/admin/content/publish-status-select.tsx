import { AdminSelect } from "../components/admin-fields";

/** Filters a list of articles or courses by status: all, published or drafts. */
export function PublishStatusSelect({ value, onChange }: { value: string; onChange: (status: string) => void }) {
  return (
    <AdminSelect label="Status" value={value} onChange={(event) => onChange(event.target.value)}>
      <option value="">All</option>
      <option value="published">Published</option>
      <option value="draft">Drafts</option>
    </AdminSelect>
  );
}
