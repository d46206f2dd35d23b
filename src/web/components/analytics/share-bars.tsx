import { useAnalyticsFormat, shareOf } from './format.ts';

/** A labelled distribution: each row's count and share of the total as a bar. */
export function ShareBars({
  rows,
  testId,
}: {
  rows: Array<{ key: string; label: string; value: number }>;
  testId?: string;
}) {
  const format = useAnalyticsFormat();
  const total = rows.reduce((sum, row) => sum + row.value, 0);
  return (
    <ul className="grid gap-3" data-testid={testId}>
      {rows.map((row) => {
        const share = shareOf(row.value, total);
        return (
          <li key={row.key} className="grid gap-1">
            <div className="flex items-baseline justify-between gap-2 text-sm">
              <span className="font-medium text-slate-800">{row.label}</span>
              <span className="text-slate-600 tabular-nums">
                {format.number(row.value)} · {format.percent(share)}
              </span>
            </div>
            <div
              className="h-2 overflow-hidden rounded-full bg-slate-100"
              role="meter"
              aria-label={row.label}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={share}
            >
              <div className="h-full rounded-full bg-brand-600" style={{ width: `${share}%` }} />
            </div>
          </li>
        );
      })}
    </ul>
  );
}
