import { cropImportColumns } from '@pluk/contract';
import { importTemplate } from '../imports/template.js';

/**
 * The crop spreadsheet to start from (decision 094): the Dutch headers the import reads on the first sheet
 * (left empty, so an example is never imported by mistake) and a second sheet that explains each column
 * with an example, so a manager never has to guess the format.
 */
export async function cropImportTemplate(): Promise<Buffer> {
  const widths: Record<string, number> = { name: 24, description: 40, howToHarvest: 36, fields: 24 };
  const explain: Record<(typeof cropImportColumns)[number]['key'], string> = {
    name: 'Verplicht. Een gewas met dezelfde naam wordt bijgewerkt, een nieuwe naam wordt toegevoegd.',
    description: 'Wat leden over het gewas lezen.',
    howToHarvest: 'Hoe je het gewas plukt of oogst.',
    hint: 'Eén regel voor de pluklijst.',
    unit: 'Bijvoorbeeld stuks, kg of bos.',
    fields: 'De velden waar het gewas staat, gescheiden door komma’s. Ze moeten al bestaan.',
    isActive: 'ja of nee; leeg is ja.',
  };
  const example: Record<(typeof cropImportColumns)[number]['key'], string> = {
    name: 'Pompoen',
    description: 'Oranje pompoenen voor soep.',
    howToHarvest: 'Snij de steel af met een mes.',
    hint: 'Pluk alleen oranje exemplaren',
    unit: 'stuks',
    fields: 'Veld 1, Serre',
    isActive: 'ja',
  };
  return importTemplate(
    'Gewassen',
    cropImportColumns.map((column) => ({
      key: column.key,
      header: column.header,
      width: widths[column.key] ?? 14,
      help: explain[column.key],
      example: example[column.key],
    })),
    'Vervang de voorbeeldrij door je eigen gewassen. Formules worden niet aanvaard.',
  );
}
