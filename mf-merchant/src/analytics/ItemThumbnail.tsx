import { useState } from 'react';

/**
 * A product's picture, or its initial on a tile when it has none or the picture does not load. The
 * name is written beside it, so the picture itself is decoration for screen readers.
 */
export function ItemThumbnail({ name, url }: { name: string; url: string | null }) {
  const [broken, setBroken] = useState(false);
  if (!url || broken) {
    return (
      <span className="me-analytics__thumb me-analytics__thumb--none" aria-hidden="true">
        {name.trim().charAt(0).toUpperCase() || '?'}
      </span>
    );
  }
  return (
    <img
      className="me-analytics__thumb"
      src={url}
      alt=""
      width={40}
      height={40}
      loading="lazy"
      referrerPolicy="no-referrer"
      onError={() => setBroken(true)}
    />
  );
}
