/**
 * The product's mark, drawn inline (the same drawing as `public/favicon.svg`): an image of the
 * icon would fetch it again on every page that shows it.
 */
export function SkillsetLogo({ size }: { size: number }) {
  return (
    <svg viewBox="0 0 32 32" width={size} height={size} aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="7" fill="#4c6ef5" />
      <path
        d="M10 21.5c1.4 1.2 3.4 2 5.8 2 3.3 0 5.4-1.6 5.4-4 0-2.2-1.6-3.2-4.7-3.9l-1.6-.4c-1.8-.4-2.6-1-2.6-2 0-1.2 1.2-2 3-2 1.6 0 3 .6 4 1.5"
        fill="none"
        stroke="#fff"
        strokeWidth="2.6"
        strokeLinecap="round"
      />
    </svg>
  );
}
