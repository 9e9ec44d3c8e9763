import type { SqlConnection } from '../server/db/client';
import type { Statement } from './statements';

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Scan Direction'?: string;
  'Plan Rows': number;
  Plans?: PlanNode[];
}

export interface PlanSummary {
  scans: string[];
  /** A Seq Scan on users that is not stopped by a Limit of at most `boundedRows` rows. */
  unboundedSeqScanOnUsers: boolean;
}

/** The scans of a statement's plan, e.g. `Index Scan Backward users_surname_id_idx`. */
export async function planOf(connection: SqlConnection, statement: Statement, boundedRows: number): Promise<PlanSummary> {
  const [row] = await connection.query<{ 'QUERY PLAN': unknown }>(`EXPLAIN (FORMAT JSON) ${statement.query}`, statement.params);
  const output = row?.['QUERY PLAN'];
  const [{ Plan }] = (typeof output === 'string' ? JSON.parse(output) : output) as [{ Plan: PlanNode }];
  const scans: string[] = [];
  let unboundedSeqScanOnUsers = false;
  const visit = (node: PlanNode, limit: number) => {
    const bound = node['Node Type'] === 'Limit' ? Math.min(limit, node['Plan Rows']) : limit;
    const target = node['Index Name'] ?? node['Relation Name'];
    if (target !== undefined) {
      const stopped = node['Node Type'] === 'Seq Scan' && bound <= boundedRows ? ` (stops at Limit ${bound})` : '';
      const backward = node['Scan Direction'] === 'Backward' ? ' Backward' : '';
      scans.push(`${node['Node Type']}${backward} ${target}${stopped}`);
    }
    if (node['Node Type'] === 'Seq Scan' && node['Relation Name'] === 'users' && bound > boundedRows) {
      unboundedSeqScanOnUsers = true;
    }
    node.Plans?.forEach((child) => visit(child, bound));
  };
  visit(Plan, Infinity);
  return { scans, unboundedSeqScanOnUsers };
}
