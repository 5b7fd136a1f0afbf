import { mergeLabels, renderLabels, renderPackingLists, renderPickingList } from './pdf-render.ts';

/**
 * The document renderer's process (ADR 0046): pdfkit, bwip-js and pdf-lib loaded alone, away from the server's
 * modules, so a bulk print's memory is this small process's, not the server's. Asked over IPC (advanced
 * serialization: dates and byte arrays travel as they are); answers each request with the PDF and its peak RSS.
 */
const renderers = { mergeLabels, renderLabels, renderPackingLists, renderPickingList } as const;
export type RendererName = keyof typeof renderers;
type Request = { id: number; name: RendererName; input: unknown };

process.on('message', (message: Request) => {
  const render = renderers[message.name] as (input: unknown) => Promise<Buffer>;
  render(message.input)
    .then((pdf) => process.send?.({ id: message.id, pdf, maxRss: process.resourceUsage().maxRSS * 1024 }))
    .catch((error: unknown) => process.send?.({ id: message.id, error: error instanceof Error ? error.message : String(error) }));
});
process.on('disconnect', () => process.exit(0));
// Loaded: the server may send work (it waits for this at start, so the first print does not pay the start).
process.send?.({ ready: true });
