import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Ctx } from '../../http/context.ts';
import type { Database } from '../db/database.ts';
import { uuidv7 } from '../db/ids.ts';
import type { Jobs } from '../jobs/jobs.ts';
import type { Mailer } from './mailer.ts';
import { outboxMessages } from './outbox.schema.ts';

export type OutboxMessage = { channel: 'email' | 'sms'; to: string; subject: string; body: string; code?: string };

const DELIVER_QUEUE = 'outbox-deliver';

/** Keeps the message in the request's transaction; delivery happens after commit, as a job. */
export async function queueMessage(ctx: Ctx, message: OutboxMessage): Promise<string> {
  const id = uuidv7();
  await ctx.db.insert(outboxMessages).values({
    id,
    channel: message.channel,
    recipient: message.to,
    subject: message.subject,
    body: message.body,
    code: message.code ?? null,
  });
  // Only e-mail has a transport (SMTP); everything else is kept in the outbox, readable in the embedded mode.
  if (message.channel === 'email' && ctx.platform.mailer.enabled) {
    ctx.afterCommit(() => ctx.platform.jobs.send(DELIVER_QUEUE, { id }).then(() => undefined));
  }
  return id;
}

export async function listOutbox(ctx: Ctx, recipient: string | undefined, limit = 50) {
  const rows = await ctx.db
    .select()
    .from(outboxMessages)
    .where(recipient ? eq(outboxMessages.recipient, recipient) : undefined)
    .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    channel: r.channel,
    to: r.recipient,
    subject: r.subject,
    body: r.body,
    code: r.code,
    created_at: r.createdAt.toISOString(),
    sent_at: r.sentAt?.toISOString() ?? null,
  }));
}

export async function registerOutboxWorker(database: Database, jobs: Jobs, mailer: Mailer): Promise<void> {
  await jobs.work<{ id: string }>(DELIVER_QUEUE, async ({ id }) => {
    const [message] = await database.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.id, id), isNull(outboxMessages.sentAt)));
    if (!message || message.channel !== 'email' || !mailer.enabled) return;
    await mailer.send({ to: message.recipient, subject: message.subject, text: message.body });
    await database.db.update(outboxMessages).set({ sentAt: new Date() }).where(eq(outboxMessages.id, id));
  });
}
