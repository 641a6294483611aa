import { newSheet, xlsxBuffer } from '../bank/exports/spreadsheet.js';

/** One column of an import template: its Dutch header, width, meaning and an example. */
export interface TemplateColumn {
  key: string;
  header: string;
  width: number;
  help: string;
  example: string;
}

/**
 * A spreadsheet to start an import from (decision 094, shared by decision 097): the Dutch headers the import
 * reads on the first sheet, left empty so an example is never imported by mistake, and a sheet "Uitleg"
 * that explains each column with an example.
 */
export async function importTemplate(
  sheetName: string,
  columns: readonly TemplateColumn[],
  closing: string,
): Promise<Buffer> {
  const { workbook } = newSheet(
    sheetName,
    columns.map((column) => ({ header: column.header, key: column.key, width: column.width })),
  );
  const help = workbook.addWorksheet('Uitleg');
  help.columns = [
    { header: 'Kolom', key: 'column', width: 16 },
    { header: 'Uitleg', key: 'help', width: 90 },
  ];
  help.getRow(1).font = { bold: true };
  for (const column of columns) {
    help.addRow({ column: column.header, help: `${column.help} Voorbeeld: ${column.example}` });
  }
  help.addRow({ column: '', help: closing });
  return xlsxBuffer(workbook);
}
