import type { Channel, MenuItem } from '@kelola/contracts/me';
import { cutMenuTitle } from '../lib/menu-title.ts';

/** The group that holds the per-channel menus; it is kept out of the main menu (spec part 6). */
export const CHANNEL_GROUP = 'group3';
/** Spec part 4: sales channel 55 never shows in menus; channels with notes `cm` show only sales items. */
export const HIDDEN_SALES_CHANNEL_ID = 55;
export const SALES_ONLY_NOTE = 'cm';

export type MenuEntry = {
  key: string;
  title: string;
  fullTitle: string;
  url: string;
  icon: string | null;
  disabled: boolean;
  children: MenuEntry[];
};

export type MenuSection = { category: string; divider: boolean; entries: MenuEntry[] };

export type ChannelEntry = { channel: Channel; links: MenuEntry[] };

function titleOf(item: MenuItem, language: 'id' | 'en'): string {
  return item.lang[language] || item.title;
}

function toEntry(item: MenuItem, language: 'id' | 'en'): MenuEntry {
  const fullTitle = titleOf(item, language);
  return {
    key: item.key,
    title: cutMenuTitle(fullTitle),
    fullTitle,
    url: item.url,
    icon: item.icon,
    disabled: item.disabled,
    children: item.children.map((child) => toEntry(child, language)),
  };
}

/** The server's menu grouped by `category` in the order the server sends, without the channel group. */
export function menuSections(menu: MenuItem[], language: 'id' | 'en'): MenuSection[] {
  const sections = new Map<string, MenuSection>();
  for (const item of menu) {
    if (item.category === CHANNEL_GROUP) continue;
    const section = sections.get(item.category) ?? { category: item.category, divider: false, entries: [] };
    section.divider ||= item.divider;
    section.entries.push(toEntry(item, language));
    sections.set(item.category, section);
  }
  return [...sections.values()];
}

function fillChannel(url: string, channel: Channel): string {
  const path = url.replace(/:id\b|:channelId\b/gu, String(channel.id));
  const query = new URLSearchParams({ sales_channel_id: String(channel.sales_channel.id), channel_code: channel.sales_channel.code });
  return `${path}${path.includes('?') ? '&' : '?'}${query.toString()}`;
}

/** The web platform store's sales channel (spec part 1): its own store settings menu. */
export const WEB_PLATFORM_SALES_CHANNEL_ID = 53;

/**
 * Channel menus of one kind of channel only (spec part 2: per-channel menus by kind): the distributor list belongs to
 * the distributor channel, the web store's settings to the web platform store; a marketplace shop shows neither.
 */
const KIND_ONLY: readonly (readonly [string, (channel: Channel) => boolean])[] = [
  ['/distributor-channel/', (channel) => channel.sales_channel.code === 'distributor'],
  ['/web-store-setting/', (channel) => channel.sales_channel.id === WEB_PLATFORM_SALES_CHANNEL_ID],
];

/** Connected channels whose title contains the typed text, each with its channel menu links. */
export function channelEntries(menu: MenuItem[], channels: Channel[], language: 'id' | 'en', filter = ''): ChannelEntry[] {
  const channelItems = menu.filter((item) => item.category === CHANNEL_GROUP).flatMap((item) => item.children);
  const needle = filter.trim().toLowerCase();
  return channels
    .filter((channel) => channel.status.toUpperCase() === 'CONNECTED' && channel.sales_channel.id !== HIDDEN_SALES_CHANNEL_ID)
    .filter((channel) => !needle || channel.title.toLowerCase().includes(needle))
    .map((channel) => ({
      channel,
      links: channelItems
        .filter((item) => channel.notes !== SALES_ONLY_NOTE || item.category === 'channel-sales')
        // The distributor channel (ADR 0047) has products and distributors, not the marketplace menus.
        .filter((item) => channel.sales_channel.code !== 'distributor' || /^\/(product|distributor)-channel\//u.test(item.url))
        .filter((item) => KIND_ONLY.every(([prefix, fits]) => !item.url.startsWith(prefix) || fits(channel)))
        .map((item) => ({ ...toEntry(item, language), key: `channel:${channel.id}:${item.key}`, url: fillChannel(item.url, channel) })),
    }));
}

/** Keys of the entries whose path is the current path (or a parent of it), for the menu's selection. */
export function selectedKeys(sections: MenuSection[], pathname: string): string[] {
  let best: { key: string; length: number } | null = null;
  const visit = (entries: MenuEntry[]) => {
    for (const entry of entries) {
      const path = entry.url.split('?')[0] ?? '';
      if (path && (pathname === path || pathname.startsWith(`${path}/`)) && (!best || path.length > best.length)) {
        best = { key: entry.key, length: path.length };
      }
      visit(entry.children);
    }
  };
  for (const section of sections) visit(section.entries);
  return best ? [(best as { key: string }).key] : [];
}
