import { CsvError, parse } from 'csv-parse/sync';

/** One CSV record with the file line it starts on (1-based), so problems can name the row. */
export interface CsvRecord {
  line: number;
  fields: string[];
}

export interface CsvResult {
  records: CsvRecord[];
  /**
   * The first syntax problem (an unterminated quote, a stray quote): reading stops there, because csv-parse's
   * recovery after a broken quote misreads the rest of the file and would report problems that are not there.
   */
  problems: { line: number; message: string }[];
}

/** csv-parse's error codes in the words the import's problem list has always used. */
const MESSAGES: Partial<Record<string, string>> = {
  CSV_QUOTE_NOT_CLOSED: 'a quoted field is never closed',
  INVALID_OPENING_QUOTE: 'a quote inside an unquoted field',
  CSV_INVALID_CLOSING_QUOTE: 'text after a closing quote',
};

const LF = 0x0a;
const CR = 0x0d;

/**
 * RFC 4180 through csv-parse: quoted fields may hold commas, doubled quotes and line breaks; CRLF or LF endings (mixed
 * too); a UTF-8 BOM is ignored; a blank line is not a record ('""' is: one empty field). Rows may differ in width —
 * the callers name the row that does not fit the header.
 */
export function parseCsv(text: string): CsvResult {
  const bytes = Buffer.from(text);
  const records: CsvRecord[] = [];
  // csv-parse reports the line a record ends on (and counts a CR as a line); problems name the line it starts on, so
  // count LFs up to each record's first byte, from the byte offset where the previous record ended.
  let line = 1;
  let counted = 0;
  let next = 0;
  const startLine = () => {
    while (bytes[next] === LF || bytes[next] === CR) next++;
    for (let at = bytes.indexOf(LF, counted); at >= 0 && at < next; at = bytes.indexOf(LF, at + 1)) line++;
    counted = next;
    return line;
  };
  try {
    parse(bytes, {
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      record_delimiter: ['\r\n', '\n'],
      on_record: (fields: string[], info) => {
        records.push({ line: startLine(), fields });
        next = info.bytes;
        return null;
      },
    });
  } catch (err) {
    if (!(err instanceof CsvError)) throw err;
    return { records, problems: [{ line: startLine(), message: MESSAGES[err.code] ?? err.message }] };
  }
  return { records, problems: [] };
}
