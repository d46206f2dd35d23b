import { foldToSimplified } from '#server/text/han-script.ts';

/*
 * Column headers that name the row's product (its name or description), read with the row's key
 * as its subject when a table row is stated as a sentence (ai/text/row-sentence.ts).
 */
const NAME_COLUMN_WORDS = [
  'name',
  'product',
  'product name',
  'description',
  'item',
  'item name',
  'goods',
  'article',
  '品名',
  '名称',
  '产品',
  '产品名称',
  '商品名称',
  '描述',
  '说明',
  '货品',
];

const NAME_COLUMNS: ReadonlySet<string> = new Set(NAME_COLUMN_WORDS.map(foldToSimplified));

/** Whether a column header names the product ("Description", "品名"). */
export function isNameColumn(header: string): boolean {
  return NAME_COLUMNS.has(foldToSimplified(header.trim().toLowerCase()));
}
