/** A ring gauge for one allocation share (decorative: the percentage is also printed as text). */
export function AllocationRing({ percentage, size = 132 }: { percentage: number; size?: number }) {
  const stroke = 12;
  const radius = (size - stroke) / 2;
  const circumference = 2 * Math.PI * radius;
  const filled = (percentage / 100) * circumference;
  const gradientId = `ring-${String(percentage).replace(".", "-")}`;
  return (
    <svg aria-hidden="true" width={size} height={size} viewBox={`0 0 ${size} ${size}`} className="-rotate-90">
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" style={{ stopColor: "var(--color-brand-teal)" }} />
          <stop offset="1" style={{ stopColor: "var(--color-brand-violet)" }} />
        </linearGradient>
      </defs>
      <circle cx={size / 2} cy={size / 2} r={radius} fill="none" strokeWidth={stroke} style={{ stroke: "var(--color-line)" }} />
      <circle
        cx={size / 2}
        cy={size / 2}
        r={radius}
        fill="none"
        strokeWidth={stroke}
        strokeLinecap="round"
        strokeDasharray={`${filled} ${circumference - filled}`}
        stroke={`url(#${gradientId})`}
      />
    </svg>
  );
}
