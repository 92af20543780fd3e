// /referee: the referee's view. For now the table drawn to scale from the server's table model;
// the live balls, rulings and controls come with the referee service.
import type { Table } from '../table/bed.ts';
import { drawTable } from './table-svg.ts';

const main = async (): Promise<void> => {
  const svg = document.querySelector<SVGSVGElement>('svg#table');
  const status = document.querySelector<HTMLElement>('#status');
  if (!svg || !status) return;
  const res = await fetch('/api/table');
  if (!res.ok) {
    status.textContent = `Could not load the table (${res.status}).`;
    return;
  }
  const table = (await res.json()) as Table;
  drawTable(svg, table);
  status.textContent = `${table.name}: ${table.length} × ${table.width} mm`;
  document.body.dataset.ready = 'true';
};

void main();
