import { Notice } from "~/components/ui/notice";

/** The inline result of the contact and partnership forms: green when it thanks, red otherwise. */
export function FormMessage({ text, className }: { text: string | null; className?: string }) {
  if (!text) return null;
  return (
    <Notice tone={text.includes("Thank you") ? "success" : "danger"} className={className}>
      {text}
    </Notice>
  );
}
