import type { Command } from 'commander';
import type { AuditEvent } from '../../service/ports.js';
import { withRuntime } from '../command-kit.js';
import type { Column } from '../output/format.js';
import { usageError } from '../runtime.js';
import { orgIdFrom } from '../org-scope.js';

/**
 * `payroll audit`: the organization's audit trail (issue 20 point 1), oldest first in write order: who changed
 * what and when. Locally every clerk may read it; remotely the token needs the payroll:audit scope.
 */

const PAGE = 100;

const COLUMNS: Column[] = [
  { header: 'when', value: 'occurred_at' },
  { header: 'who', value: 'actor' },
  { header: 'action', value: 'action' },
  { header: 'resource', value: 'resource_type' },
  { header: 'id', value: 'resource_id' },
  { header: 'changed', value: (e) => Object.keys((e.after as Record<string, unknown> | null) ?? {}).join(', ') },
];

export function registerAuditCommand(program: Command): void {
  program
    .command('audit')
    .description('the audit trail of an organization, oldest first: every write with who made it, when, what it touched and, for edits, the changed fields before and after (identifiers masked)')
    .option('--org <id>', 'organization id')
    .option('--resource <type>', 'only events of this resource type (organization, employee, payroll_run, document, …)')
    .option('--since <ISO>', 'only events at or after this instant: 2026-11-25 or 2026-11-25T09:30:00Z')
    .option('--limit <n>', 'at most this many events (default: all)')
    .action(
      withRuntime(async (runtime, options: { org?: string; resource?: string; since?: string; limit?: string }) => {
        const org = await orgIdFrom(runtime, options);
        let limit = Number.POSITIVE_INFINITY;
        if (options.limit !== undefined) {
          if (!/^[1-9]\d{0,8}$/.test(options.limit)) throw usageError(`--limit ${options.limit}: must be a whole number of at least 1`);
          limit = Number(options.limit);
        }
        const service = await runtime.service();
        const filters: Record<string, unknown> = { ...(options.resource ? { resource_type: options.resource } : {}), ...(options.since ? { since: options.since } : {}) };
        const events: AuditEvent[] = [];
        let cursor: string | null = null;
        while (events.length < limit) {
          const page = await service.listAuditEvents(org, { ...filters, size: String(Math.min(PAGE, limit - events.length)), ...(cursor ? { cursor } : {}) });
          events.push(...page.items);
          if (!page.pagination.has_next || !page.pagination.next_cursor) break;
          cursor = page.pagination.next_cursor;
        }
        if (runtime.format === 'table' && events.length === 0) runtime.info('no audit events match');
        runtime.print(events, COLUMNS);
      }),
    );
}
