import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { channelConnections } from './channels.schema.ts';

/**
 * A shop's name as a scalar SQL expression of its connection id, for list screens of other modules that show the
 * shop beside each row (the order list, ADR 0051): read in the list's own statement, by primary key, instead of a
 * second read of every connection per page. Null when the id is null or names no connection of the workspace.
 */
export const channelNameSql = (connectionId: SQLWrapper, workspaceId: SQLWrapper): SQL<string | null> =>
  sql<
    string | null
  >`(select ${channelConnections.name} from ${channelConnections} where ${channelConnections.id} = ${connectionId} and ${channelConnections.workspaceId} = ${workspaceId})`;

/**
 * The connection ids of one marketplace's shops, as an array-valued SQL expression: the order list's counts come from
 * tables that know shops, not marketplaces (ADR 0018, 0055), and it reads them in its own single statement. Give it
 * values (or placeholders), not columns of the outer query: uncorrelated, PostgreSQL builds the array once (an init
 * plan) instead of once per counts row (ADR 0052).
 */
export const marketplaceChannelIdsSql = (marketplace: unknown, workspaceId: unknown): SQL<string[]> =>
  sql<
    string[]
  >`array(select ${channelConnections.id} from ${channelConnections} where ${channelConnections.workspaceId} = ${workspaceId} and ${channelConnections.marketplace} = ${marketplace})`;
