import { useNavigate, useSearch } from '@tanstack/react-router';
import { DEFAULT_PERIOD, type DashboardPeriod, readPeriod } from './summary';

/** The chosen period, kept in the address bar (`/dashboard?period=7d`) so a reload or a shared link keeps it. */
export function useDashboardPeriod(): [DashboardPeriod, (period: DashboardPeriod) => void] {
  const period = useSearch({ strict: false, select: (search) => readPeriod((search as Record<string, unknown>).period) });
  const navigate = useNavigate();
  const setPeriod = (next: DashboardPeriod) => void navigate({ to: '/dashboard', search: next === DEFAULT_PERIOD ? {} : { period: next }, replace: true });
  return [period, setPeriod];
}
