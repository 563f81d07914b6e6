import type { ReactNode } from 'react';

/**
 * A band drawn on the platform detail's images (SPEC 3 homeImage / studyImage, already parsed to safe same-site
 * paths): the background behind, the document image beside the text. Without a background it is a plain brand band.
 */
export function PlatformBanner({
  images,
  label,
  children,
}: {
  images: { background: string; document: string };
  label: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-label={label}
      data-testid="platform-banner"
      className="relative mb-5 flex min-h-[128px] items-center gap-4 overflow-hidden rounded-lg bg-brand-800 bg-cover bg-center p-5 text-white"
      style={images.background ? { backgroundImage: `url("${images.background}")` } : undefined}
    >
      <div className="relative min-w-0 flex-1">{children}</div>
      {images.document && (
        // eslint-disable-next-line @next/next/no-img-element -- a configured address of any size; no optimiser
        <img
          src={images.document}
          alt=""
          className="hidden h-24 w-auto rounded sm:block"
          data-testid="platform-document"
        />
      )}
    </section>
  );
}
