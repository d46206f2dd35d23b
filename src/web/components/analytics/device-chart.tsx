import { useTranslation } from 'react-i18next';
import { Cell, Pie, PieChart, ResponsiveContainer, Tooltip } from 'recharts';
import { DEVICE_TYPES, type TVisitorAnalytics } from '#shared/schemas/analytics.ts';
import { useAnalyticsFormat } from './format.ts';
import { ShareBars } from './share-bars.tsx';

const COLORS = { mobile: '#2563eb', desktop: '#0d9488', tablet: '#d97706' } as const;

/** Mobile / desktop / tablet as a donut (recharts) beside the same figures as labelled bars. */
export function DeviceChart({ devices }: { devices: TVisitorAnalytics['deviceBreakdown'] }) {
  const { t } = useTranslation();
  const format = useAnalyticsFormat();
  const rows = DEVICE_TYPES.map((type) => ({
    key: type,
    label: t(`analytics.device.${type}`),
    value: devices[type],
  }));
  return (
    <div className="grid items-center gap-4 sm:grid-cols-[10rem_1fr]">
      <div className="mx-auto size-40" aria-hidden="true">
        <ResponsiveContainer width="100%" height="100%">
          {/* Hidden from assistive technology (the bars beside it say the same): no tab stop. */}
          <PieChart accessibilityLayer={false}>
            <Pie
              data={rows}
              dataKey="value"
              nameKey="label"
              innerRadius={42}
              outerRadius={72}
              isAnimationActive={false}
              rootTabIndex={-1}
            >
              {rows.map((row) => (
                <Cell key={row.key} fill={COLORS[row.key]} />
              ))}
            </Pie>
            <Tooltip formatter={(value) => format.number(Number(value))} />
          </PieChart>
        </ResponsiveContainer>
      </div>
      <ShareBars rows={rows} testId="device-breakdown" />
    </div>
  );
}
