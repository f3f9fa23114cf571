import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { downloadText } from './download-text';

/** The most rows one export holds (server/platform/lib/csv.ts): said when a file is cut there. */
const EXPORT_ROW_LIMIT = 10_000;

/**
 * "Export CSV" for a log: asks the server for the file (rows matching the filters on screen, times in the
 * company's zone) and saves it, or says there is nothing to export.
 */
export function CsvButton({ load, what }: { load: () => Promise<{ filename: string; csv: string; count: number }>; what: string }) {
  const exportCsv = useMutation({
    mutationFn: load,
    onSuccess: ({ filename, csv, count }) => {
      if (count === 0) {
        notifications.show({ color: 'yellow', message: `No ${what} match these filters, so there is nothing to export.` });
        return;
      }
      downloadText(filename, csv);
      notifications.show({
        color: 'teal',
        message: count >= EXPORT_ROW_LIMIT ? `Exported the newest ${count.toLocaleString()} ${what}. Narrow the filters (e.g. by date) to export the rest.` : `Exported ${count.toLocaleString()} ${what} to ${filename}`,
      });
    },
    onError: (error) => notifications.show({ color: 'red', message: error.message || 'The export failed. Please try again.' }),
  });
  return (
    <Button variant="default" onClick={() => exportCsv.mutate()} loading={exportCsv.isPending}>
      Export CSV
    </Button>
  );
}
