import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

/**
 * The dashboard's two charts, drawn with recharts. Loaded on its own (lead-charts.tsx imports it lazily), so the
 * dashboard's chunk does not carry recharts until a chart is on screen. Pictures only: the lists beside them carry
 * the same numbers for screen readers and keyboards.
 */

export function DayChart({ days }: { days: Array<{ label: string; count: number }> }) {
  return (
    <ResponsiveContainer width="100%" height={180}>
      <BarChart data={days} accessibilityLayer={false} margin={{ top: 4, right: 4, bottom: 0, left: -16 }}>
        <CartesianGrid vertical={false} strokeDasharray="3 3" />
        <XAxis dataKey="label" tickLine={false} interval="preserveStartEnd" minTickGap={24} fontSize={12} />
        <YAxis allowDecimals={false} width={40} fontSize={12} />
        <Tooltip formatter={(value) => [value, 'Leads']} cursor={{ fill: 'var(--mantine-color-gray-1)' }} />
        <Bar dataKey="count" fill="var(--mantine-color-teal-6)" radius={[3, 3, 0, 0]} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}

export function SourceChart({ sources }: { sources: Array<{ label: string; count: number }> }) {
  return (
    <ResponsiveContainer width="100%" height={Math.max(80, sources.length * 32 + 24)}>
      <BarChart data={sources} layout="vertical" accessibilityLayer={false} margin={{ top: 0, right: 16, bottom: 0, left: 0 }}>
        <CartesianGrid horizontal={false} strokeDasharray="3 3" />
        <XAxis type="number" allowDecimals={false} fontSize={12} />
        <YAxis type="category" dataKey="label" width={130} tickLine={false} fontSize={12} />
        <Tooltip formatter={(value) => [value, 'Leads']} cursor={{ fill: 'var(--mantine-color-gray-1)' }} />
        <Bar dataKey="count" fill="var(--mantine-color-blue-6)" radius={[0, 3, 3, 0]} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}
