import { ImageUp } from "lucide-react";
import { useRef, useState } from "react";
import { toast } from "sonner";
import { buttonClasses } from "~/components/ui/button";
import { IMAGE_TYPES, uploadImage, type UploadedImage } from "../api/content-api";

/** Picks an image, uploads it to /admin/media (resized to WebP there) and hands back its address. */
export function ImageUploadButton({ label, onUploaded, className }: { label: string; onUploaded: (image: UploadedImage) => void; className?: string }) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    const result = await uploadImage(file);
    setBusy(false);
    if (input.current) input.current.value = "";
    if (!result.ok) {
      toast.error("Image not uploaded", { description: result.message });
      return;
    }
    toast.success("Image uploaded", { description: `${result.data.width} × ${result.data.height} px, stored as WebP.` });
    onUploaded(result.data);
  };

  return (
    <>
      <input
        ref={input}
        type="file"
        accept={IMAGE_TYPES.join(",")}
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => void upload(event.target.files?.[0])}
      />
      <button type="button" className={buttonClasses("outline", "sm", className)} disabled={busy} onClick={() => input.current?.click()}>
        <ImageUp aria-hidden="true" className="size-4" />
        {busy ? "Uploading…" : label}
      </button>
    </>
  );
}
