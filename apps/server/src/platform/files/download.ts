import type { FastifyReply } from 'fastify';

export type FileAnswer = { stream: unknown; fileName: string; contentType: string };

/** A downloaded file: its type and name in the headers, the body streamed. */
export const download = (reply: FastifyReply, file: FileAnswer) => {
  void reply
    .header('content-type', file.contentType)
    .header('content-disposition', `attachment; filename="${file.fileName.replace(/[^\w.-]/gu, '_')}"`);
  return file.stream;
};
