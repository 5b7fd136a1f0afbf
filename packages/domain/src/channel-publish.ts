/**
 * Publishing a master product to a marketplace (spec part 4 "publishing flow", part 5 rules, part 8 messages and
 * part 9 defaults and polls): the pure rules the server's publish job and the web's publish screens share.
 */

/** Where a master product can be published: Tokopedia goes through a TikTok Shop connection. */
export const PUBLISH_TARGETS = ['shopee', 'tiktok', 'tokopedia', 'lazada', 'blibli', 'zalora'] as const;
export type PublishTarget = (typeof PUBLISH_TARGETS)[number];

/** Image processing and the product request are both polled every 2 s (spec part 9). */
export const PUBLISH_POLL_MS = 2_000;
/** How long the job waits for a marketplace's review before it calls the attempt failed: 150 polls, 5 minutes. */
export const PUBLISH_MAX_POLLS = 150;
/** Marketplaces take at most 9 images per product. */
export const PUBLISH_MAX_IMAGES = 9;
/** Shopee takes at most two variant tiers (spec part 9). */
export const SHOPEE_MAX_TIERS = 2;
/** A failed Tokopedia attempt removes its draft and tries once more (spec part 4 and 8). */
export const TOKOPEDIA_ATTEMPTS = 2;

/** The spec's publish defaults per marketplace (part 9); recorded in each draft so the merchant sees what was sent. */
export const PUBLISH_DEFAULTS = {
  shopee: { item_status: 'NORMAL', pre_order: false, days_to_ship: 3, logistic_id: 8003, logistic_free: false, stock: 0, brand_id: 0 },
  tokopedia: { status: 'LIMITED', stock: 1, min_order: 1, insurance: false, free_return: false },
  tiktok: { cod: false, stock: 0 },
  lazada: { stock: 0 },
  blibli: { stock: 0 },
  zalora: { stock: 0 },
} as const satisfies Record<PublishTarget, { stock: number } & Record<string, unknown>>;

/** The stock a new channel product starts with; the stock push sends the real number once it is mapped. */
export const initialChannelStock = (target: PublishTarget): number => PUBLISH_DEFAULTS[target].stock;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

/**
 * Rich-text descriptions are stripped of markup before they are sent (spec part 5): block ends and `<br>` become
 * line breaks, list items keep a dash, every other tag goes, common entities are decoded, blank runs collapse.
 */
export function stripRichText(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/giu, '')
    .replace(/<br\s*\/?>/giu, '\n')
    .replace(/<li[^>]*>/giu, '- ')
    .replace(/<\/(p|div|li|h[1-6]|ul|ol|tr|blockquote)>/giu, '\n')
    .replace(/<[^>]*>/gu, '')
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/giu, (whole, name: string) => {
      const lower = name.toLowerCase();
      if (ENTITIES[lower] !== undefined) return ENTITIES[lower];
      if (lower.startsWith('#x')) return String.fromCodePoint(Number.parseInt(lower.slice(2), 16));
      if (lower.startsWith('#')) return String.fromCodePoint(Number.parseInt(lower.slice(1), 10));
      return whole;
    })
    .replace(/[ \t\u00a0]+/gu, ' ')
    .split('\n')
    .map((line) => line.trim())
    .join('\n')
    .replace(/\n{3,}/gu, '\n\n')
    .trim();
}

/** The category sent is the deepest level chosen (spec part 5): the last non-empty entry of the chosen path. */
export function deepestCategory(path: readonly (string | null | undefined)[]): string | null {
  for (let i = path.length - 1; i >= 0; i -= 1) {
    const id = path[i];
    if (id) return id;
  }
  return null;
}

export type ProcessingStatus = 'ON_PROGRESS' | 'FINISHED' | 'FAILED';

/**
 * The image poll's decision (spec part 4): all failed marks the channel failed; any in progress polls again; else
 * the finished ones go on to the draft.
 */
export function imageStep(statuses: readonly ProcessingStatus[]): 'FAILED' | 'WAIT' | 'CONTINUE' {
  if (statuses.length === 0 || statuses.every((s) => s === 'FAILED')) return 'FAILED';
  if (statuses.some((s) => s === 'ON_PROGRESS')) return 'WAIT';
  return 'CONTINUE';
}

export type PublishWords = { success: string; failure: string; saved: string };
export const PUBLISH_WORDS_ID: PublishWords = { success: 'Berhasil', failure: 'Gagal', saved: 'di simpan' };

/**
 * The status message of one channel's outcome (spec part 8): the channel name, 'Berhasil' or 'Gagal' and
 * 'di simpan', plus Tokopedia's error list joined by commas.
 */
export function publishMessage(
  channel: string,
  ok: boolean,
  target: PublishTarget,
  errors: readonly string[] = [],
  words: PublishWords = PUBLISH_WORDS_ID,
): string {
  const base = [channel, ok ? words.success : words.failure, words.saved].filter(Boolean).join(' ');
  if (ok || target !== 'tokopedia' || errors.length === 0) return base;
  return `${base}: ${errors.join(', ')}`;
}
