import { useEffect, useRef, useState, type ImgHTMLAttributes } from "react";

type SafeImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, "width" | "height" | "src" | "alt"> & {
  src: string;
  alt: string;
  width: number;
  height: number;
  /** Above the fold: load eagerly. Everything else loads lazily. */
  priority?: boolean;
};

/**
 * An image with explicit dimensions that removes itself when it fails to load, as the spec asks.
 * A failure before hydration (when React's onError is not attached yet) is caught on mount.
 */
export function SafeImage({ priority = false, onError, alt, ...props }: SafeImageProps) {
  const ref = useRef<HTMLImageElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const image = ref.current;
    if (image?.complete && image.naturalWidth === 0) setFailed(true);
  }, []);
  if (failed) return null;
  return (
    <img
      ref={ref}
      alt={alt}
      loading={priority ? "eager" : "lazy"}
      decoding="async"
      onError={(event) => {
        setFailed(true);
        onError?.(event);
      }}
      {...props}
    />
  );
}
