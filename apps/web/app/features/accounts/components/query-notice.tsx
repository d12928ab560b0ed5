import { useEffect, useState } from "react";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import { Notice } from "~/components/ui/notice";

/**
 * Shows a message passed in the query (`error`, `message`) as a dismissible yellow notice, then
 * removes it from the address so a reload does not show it again.
 */
export function QueryNotice() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const [text, setText] = useState<string | null>(() => params.get("message") ?? params.get("error"));

  useEffect(() => {
    if (!params.has("message") && !params.has("error")) return;
    setText(params.get("message") ?? params.get("error"));
    const next = new URLSearchParams(params);
    next.delete("message");
    next.delete("error");
    const search = next.toString();
    void navigate({ pathname: location.pathname, search: search ? `?${search}` : "" }, { replace: true, preventScrollReset: true });
  }, [params, navigate, location.pathname]);

  if (!text) return null;
  return (
    <Notice tone="notice" onDismiss={() => setText(null)} className="mb-6">
      {text}
    </Notice>
  );
}
