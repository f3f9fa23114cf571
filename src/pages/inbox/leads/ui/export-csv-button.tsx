import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useTRPCClient } from '@/shared/api-react';
import type { LeadsQueryFilters } from '../model/leads-search';

/** The server stops an export here (leads.service `leadRows`); say so rather than hand over a silently cut file. */
const EXPORT_ROW_LIMIT = 10_000;

/** Saves CSV text as a file through a temporary object URL and a download link. */
function downloadText(filename: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the URL after click() returns; release it a little later.
  window.setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/** Downloads the leads that match the current filters (all pages) as a CSV file. */
export function ExportCsvButton({ filters, disabled }: { filters: LeadsQueryFilters; disabled?: boolean }) {
  const client = useTRPCClient();
  const exportCsv = useMutation({
    mutationFn: (input: LeadsQueryFilters) => client.leads.exportCsv.query(input),
    onSuccess: ({ filename, csv, count }) => {
      if (count === 0) {
        notifications.show({ color: 'yellow', message: 'No leads match these filters, so there is nothing to export.' });
        return;
      }
      downloadText(filename, csv);
      notifications.show({
        color: 'teal',
        message:
          count >= EXPORT_ROW_LIMIT
            ? `Exported the first ${count.toLocaleString()} leads. Narrow the filters (e.g. by date) to export the rest.`
            : `Exported ${count.toLocaleString()} lead${count === 1 ? '' : 's'} to ${filename}`,
      });
    },
    onError: (error) => notifications.show({ color: 'red', message: error.message || 'The export failed. Please try again.' }),
  });
  return (
    <Button variant="default" onClick={() => exportCsv.mutate(filters)} loading={exportCsv.isPending} disabled={disabled}>
      Export CSV
    </Button>
  );
}
