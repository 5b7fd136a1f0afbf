import type { KelolaModule } from '../../http/context.ts';
import { registerDocumentRoutes } from './documents.routes.ts';
import { warmRenderer } from './pdf-process.ts';
export {
  pickLines,
  printedFilter,
  printLabels,
  printPackingLists,
  printPickingList,
  printStatus,
  setBinLocation,
} from './documents.service.ts';

/** Fulfillment documents (issue 14): shipping labels, picking and packing lists, print counts and bin locations. */
export const documentsModule: KelolaModule = {
  name: 'documents',
  routes: registerDocumentRoutes,
  // The documents' renderer process starts with the server's workers (ADR 0046), not on the first print.
  workers: async () => {
    void warmRenderer();
  },
};
