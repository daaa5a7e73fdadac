/**
 * The ONVELOPE mark: an envelope on the accent tile. Decorative next to the word "ONVELOPE"; the
 * shell's favicon (index.html) is the same drawing.
 */
export function LogoMark({ size = 28 }: { size?: number }) {
  return (
    <svg
      className="mk-logo-mark"
      width={size}
      height={size}
      viewBox="0 0 32 32"
      aria-hidden="true"
      focusable="false"
    >
      <rect width="32" height="32" rx="8" fill="#0f766e" />
      <rect x="7" y="9" width="18" height="14" rx="2.5" fill="#ffffff" />
      <path
        d="M8.5 11 16 16.8 23.5 11"
        fill="none"
        stroke="#0f766e"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
