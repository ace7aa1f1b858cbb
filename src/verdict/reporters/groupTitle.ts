/** Headings of the clause groups reports know; another group is shown as "<group> checks". */
const groupTitles: Record<string, string> = { security: 'Security checks', client: 'Client checks' };

export function groupTitle(group: string): string {
  return groupTitles[group] ?? `${group} checks`;
}

/** A heading of the clause table: "Clauses" for the ordinary ones, a group's own otherwise. */
export function sectionTitle(group: string | undefined): string {
  return group ? groupTitle(group) : 'Clauses';
}
