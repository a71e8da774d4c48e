import type {Section, Unit} from '../types';

/**
 * Table rows quoted as a table: a row alone ("`critical` | Users are affected now… | Acknowledge
 * within 15 minutes") does not say what its cells are, so every quoted row goes under its
 * table's header row, as a GFM table (DocSearch's Ask AI renders markdown with GFM on).
 */

/** The index of the header row of the table the row at `index` is in, or null (none marked). */
export function tableHeaderOf(section: Section, index: number): number | null {
  for (let at = index; at >= 0 && section.units[at]?.kind === 'row'; at--)
    if (section.units[at]?.head) return at;
  return null;
}

/** A row's cells, as markdown (a pipe inside a cell is escaped at index time). */
function cellsOf(unit: Unit): string[] {
  return unit.markdown.split(/(?<!\\) \| /);
}

/** A GFM table row of the unit's cells. */
export function tableRow(unit: Unit): string {
  return `| ${cellsOf(unit).join(' | ')} |`;
}

/** The header row and its delimiter row. */
export function tableHead(header: Unit): string {
  const cells = cellsOf(header);
  return `${tableRow(header)}\n| ${cells.map(() => '---').join(' | ')} |`;
}
