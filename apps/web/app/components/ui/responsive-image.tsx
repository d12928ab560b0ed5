import { preload } from "react-dom";
import { pictureSources, type ImageVariants } from "@vestin/shared/media-core";

type ResponsiveImageProps = {
  src: string;
  alt: string;
  /** The upload's size and ready image variants (null: any other address, shown as it is). */
  variants: ImageVariants | null | undefined;
  /** How wide the image is drawn, for the browser's pick from the srcset. */
  sizes: string;
  /** The size to reserve when the image's own is unknown (not an upload). */
  fallbackSize?: { width: number; height: number };
  /**
   * The page's first, largest image (its LCP): fetched at high priority and preloaded from the
   * document's head. Every other image loads lazily.
   */
  priority?: boolean;
  className?: string;
};

/**
 * An image that fits the screen: a `<picture>` with AVIF and WebP sources over the uploaded
 * image's ready variants, and an `<img>` fallback with its width and height (no layout shift).
 * The server renders article bodies' images the same way (features/media/picture-html.ts).
 */
export function ResponsiveImage({ src, alt, variants, sizes, fallbackSize, priority = false, className }: ResponsiveImageProps) {
  const { sources, srcSet } = pictureSources(src, variants);
  const size = variants ?? fallbackSize;
  if (priority) {
    // The best format the browser takes: a preload typed image/avif is skipped where AVIF is not.
    const first = sources[0];
    if (first) preload(src, { as: "image", type: first.type, imageSrcSet: first.srcSet, imageSizes: sizes, fetchPriority: "high" });
    else preload(src, { as: "image", fetchPriority: "high" });
  }
  const img = (
    <img
      src={src}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      alt={alt}
      width={size?.width}
      height={size?.height}
      loading={priority ? "eager" : "lazy"}
      decoding={priority ? "auto" : "async"}
      fetchPriority={priority ? "high" : undefined}
      className={className}
    />
  );
  if (sources.length === 0) return img;
  return (
    <picture>
      {sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={sizes} />
      ))}
      {img}
    </picture>
  );
}
