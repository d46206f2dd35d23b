import { PDFDocument, StandardFonts } from 'pdf-lib';

/*
 * PDFs for the layout tests (pdf-lib, dev dependency): a price table whose columns are drawn
 * cell by cell at fixed x positions, like a spreadsheet's PDF export, and a form whose fields
 * were filled in (the values live only in the fields, not in the page's text).
 */

export async function buildTablePdf(
  header: readonly string[],
  rows: ReadonlyArray<readonly string[]>,
  columnX: readonly number[] = [50, 200, 330, 450],
): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([595, 842]);
  page.drawText('Pump price list 2026', { x: 50, y: 780, size: 14, font });
  [header, ...rows].forEach((cells, rowIndex) => {
    cells.forEach((cell, column) => {
      page.drawText(cell, { x: columnX[column]!, y: 740 - rowIndex * 18, size: 10, font });
    });
  });
  page.drawText('Prices are FOB Ningbo and valid until 31 December 2026.', {
    x: 50,
    y: 740 - (rows.length + 2) * 18,
    size: 10,
    font,
  });
  return pdf.save();
}

/** A choice field: a list box shows its options on the page, a dropdown only the chosen one. */
export interface ChoiceField {
  label: string;
  kind: 'list' | 'dropdown';
  options: string[];
  chosen: string[];
}

export async function buildFilledFormPdf(
  fields: ReadonlyArray<[string, string]>,
  choices: readonly ChoiceField[] = [],
): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([595, 842]);
  const form = pdf.getForm();
  page.drawText('Distributor application', { x: 50, y: 790, size: 14, font });
  fields.forEach(([label, value], index) => {
    const y = 740 - index * 30;
    page.drawText(`${label}:`, { x: 50, y: y + 5, size: 11, font });
    const field = form.createTextField(`field${index}`);
    field.setText(value);
    field.addToPage(page, { x: 200, y, width: 250, height: 20, font });
  });
  choices.forEach((choice, index) => {
    const top = 740 - fields.length * 30 - index * 90;
    page.drawText(`${choice.label}:`, { x: 50, y: top - 10, size: 11, font });
    const name = `choice${index}`;
    const field = choice.kind === 'list' ? form.createOptionList(name) : form.createDropdown(name);
    field.addOptions(choice.options);
    if (choice.kind === 'list' && choice.chosen.length > 1)
      form.getOptionList(name).enableMultiselect();
    field.select(choice.kind === 'list' ? choice.chosen : choice.chosen[0]!);
    const height = choice.kind === 'list' ? 70 : 20;
    field.addToPage(page, { x: 200, y: top - height + 5, width: 250, height, font });
  });
  return pdf.save();
}
