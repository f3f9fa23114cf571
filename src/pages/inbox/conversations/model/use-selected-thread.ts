import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useCallback } from 'react';

/**
 * The open thread lives in the address (`/conversations?c=<id>`): notifications link straight to a thread, a
 * reload keeps it, and on a phone the browser's Back returns from the thread to the list.
 */
export function useSelectedThread(): [string | null, (id: string | null) => void] {
  const selected = useRouterState({
    select: (state) => {
      const value = (state.location.search as Record<string, unknown>).c;
      return typeof value === 'string' && value.length > 0 ? value : null;
    },
  });
  const navigate = useNavigate();
  const select = useCallback((id: string | null) => void navigate({ to: '/conversations', search: id ? { c: id } : {} }), [navigate]);
  return [selected, select];
}
