// Line icons drawn on a 24 px grid, stroked in the current text colour.
const icons = {
  search: ['M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14z', 'm20 20-3.5-3.5'],
  parcel: ['M21 8 12 3 3 8v8l9 5 9-5z', 'M3 8l9 5 9-5', 'M12 13v8'],
  message: ['M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z'],
  person: ['M12 4a4 4 0 1 0 0 8 4 4 0 0 0 0-8z', 'M4 21a8 8 0 0 1 16 0'],
  upload: ['M12 15V3', 'm7 8 5-5 5 5', 'M4 15v4a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-4'],
  sync: [
    'M20 11a8 8 0 0 0-14.3-4.2L4 9',
    'M4 4v5h5',
    'M4 13a8 8 0 0 0 14.3 4.2L20 15',
    'M20 20v-5h-5',
  ],
  truck: [
    'M2 5h12v11H2z',
    'M14 9h4l4 4v3h-8',
    'M6 16a2 2 0 1 0 0 4 2 2 0 0 0 0-4z',
    'M18 16a2 2 0 1 0 0 4 2 2 0 0 0 0-4z',
  ],
  tag: ['M20.6 13.4l-7.2 7.2a2 2 0 0 1-2.8 0L3 13V3h10l7.6 7.6a2 2 0 0 1 0 2.8z', 'M8 7.5h.01'],
  chart: ['M3 3v18h18', 'm7 15 4-4 3 3 5-6'],
  lock: [
    'M6 11h12a2 2 0 0 1 2 2v7a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2v-7a2 2 0 0 1 2-2z',
    'M8 11V7a4 4 0 0 1 8 0v4',
  ],
  shield: ['M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10z', 'm9 12 2 2 4-4'],
  bolt: ['M13 2 3 14h9l-1 8 10-12h-9z'],
  layers: ['m12 2 10 5-10 5L2 7z', 'm2 17 10 5 10-5', 'm2 12 10 5 10-5'],
  access: ['M12 2a2 2 0 1 0 0 4 2 2 0 0 0 0-4z', 'M5 8h14', 'M12 8v6', 'm8 22 4-8 4 8'],
} as const;

export type IconName = keyof typeof icons;

/** A decorative icon; the text beside it carries the meaning. */
export function Icon({ name, size = 24 }: { name: IconName; size?: number }) {
  return (
    <svg
      className="mk-icon"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {icons[name].map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}
