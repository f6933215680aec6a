/** One CSV record with the file line it starts on (1-based), so problems can name the row. */
export interface CsvRecord {
  line: number;
  fields: string[];
}

export interface CsvResult {
  records: CsvRecord[];
  /** Syntax problems: an unterminated quote, a stray quote inside an unquoted field. */
  problems: { line: number; message: string }[];
}

function countNewlines(s: string): number {
  let n = 0;
  for (let at = s.indexOf('\n'); at >= 0; at = s.indexOf('\n', at + 1)) n++;
  return n;
}

/**
 * RFC 4180 reader: quoted fields may hold commas, doubled quotes and line breaks; CRLF or LF endings; a UTF-8 BOM is
 * ignored. Written here because the two ECDICT lists are the only CSV the project reads.
 */
export function parseCsv(text: string): CsvResult {
  const records: CsvRecord[] = [];
  const problems: CsvResult['problems'] = [];
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = 1;
  while (i < text.length) {
    const start = line;
    const recordStart = i;
    const fields: string[] = [];
    for (;;) {
      let value = '';
      if (text[i] === '"') {
        i++;
        let closed = false;
        // Whole runs between quotes at a time: a character loop over 5 MB of dictionary is seconds, this is milliseconds.
        for (;;) {
          const quote = text.indexOf('"', i);
          const end = quote < 0 ? text.length : quote;
          const run = text.slice(i, end);
          value += run;
          line += countNewlines(run);
          i = end;
          if (quote < 0) break;
          if (text[quote + 1] === '"') {
            value += '"';
            i = quote + 2;
            continue;
          }
          i = quote + 1;
          closed = true;
          break;
        }
        if (!closed) problems.push({ line: start, message: 'a quoted field is never closed' });
        else if (i < text.length && text[i] !== ',' && text[i] !== '\n' && text[i] !== '\r') {
          problems.push({ line, message: 'text after a closing quote' });
          while (i < text.length && text[i] !== ',' && text[i] !== '\n') i++;
        }
      } else {
        const from = i;
        while (i < text.length && text[i] !== ',' && text[i] !== '\n' && text[i] !== '\r') i++;
        value = text.slice(from, i);
        if (value.includes('"')) problems.push({ line, message: 'a quote inside an unquoted field' });
      }
      fields.push(value);
      if (text[i] === ',') {
        i++;
        continue;
      }
      break;
    }
    const empty = i === recordStart;
    if (text[i] === '\r') i++;
    if (text[i] === '\n') {
      i++;
      line++;
    }
    // A blank line is not a record ('""' is: one empty field).
    if (!empty) records.push({ line: start, fields });
  }
  return { records, problems };
}
