// Runs one task of server/platform/lib/worker-task.ts in this worker thread: TypeScript through tsx (the server's
// own loader), the module's export called with the input, the result or the error posted back once.
import { parentPort, workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
try {
  const module = await import(workerData.moduleUrl);
  const value = await module[workerData.exportName](workerData.input);
  parentPort.postMessage({ ok: true, value });
} catch (error) {
  const { name = 'Error', message = String(error), code } = error instanceof Error ? error : {};
  parentPort.postMessage({ ok: false, error: { name, message, code } });
}
