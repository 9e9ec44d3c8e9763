import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../src/app/user-import';

const refusedWith = (file: Blob) =>
  parseCsv(file).then(
    () => 'read',
    (error: { fileProblem?: string }) => error.fileProblem,
  );

describe('reading a CSV file in the browser', () => {
  it('reads UTF-8 with or without a byte-order mark, cells separated by , or ;', async () => {
    const expected = { headers: ['Nome', 'Cognome', 'Email'], rows: [['Niccolò', 'Şahin', 'n@example.com']] };
    expect(await parseCsv(new Blob(['\ufeffNome;Cognome;Email\r\nNiccolò;Şahin;n@example.com\r\n']))).toEqual(expected);
    expect(await parseCsv(new Blob(['Nome,Cognome,Email\nNiccolò,Şahin,n@example.com\n\n']))).toEqual(expected);
    expect(await parseCsv(new Blob(['Nome,Cognome,Email\n"Niccolò","Şahin","n@example.com"']))).toEqual(expected);
  });

  it('says why a file cannot be imported, and never throws anything else', async () => {
    expect(await refusedWith(new Blob([]))).toBe('empty');
    expect(await refusedWith(new Blob(['\ufeff \r\n\r\n']))).toBe('empty');
    expect(await refusedWith(new Blob(['Anna,Neri,anna@example.com\nBruno,Gialli,bruno@example.com\n']))).toBe('noHeader');
    expect(await refusedWith(new Blob([new Uint8Array(50 * 1024 * 1024)]))).toBe('tooLarge');
    expect(await refusedWith(new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0xff, 0xfe, 0x00, 0x01])]))).toBe(
      'notText',
    );
    expect(await refusedWith(new Blob(['Name,Email\u0000\nAnna,a@example.com\n']))).toBe('notText');
    expect(await refusedWith(new Blob(['Name\tSurname\tEmail\nAnna\tNeri\ta@example.com\n']))).toBe('oneColumn');
    expect(await refusedWith(new Blob(['Name;Surname;Email\n']))).toBe('noRows');
  });

  it('refuses a quote that opens a cell and never closes, naming its line, instead of reading the rest into that cell', async () => {
    const refusal = (text: string) =>
      parseCsv(new Blob([text])).then(
        () => 'read',
        (error: { fileProblem?: string; line?: number }) => error,
      );

    expect(await refusal('Name,Surname,Email\nAnna,Neri,a@example.com\n"Bruno,Gialli,b@example.com\nCarla,Verdi,c@example.com\n')).toEqual({
      fileProblem: 'unclosedQuote',
      line: 3,
    });
    expect(await refusal('\ufeffNome;Cognome;Email\r\n\r\nAnna;Neri;a@example.com\r\n\r\nBruno;"Gialli;b@example.com\r\n')).toEqual({
      fileProblem: 'unclosedQuote',
      line: 5,
    });
    expect(await refusal('Name,Surname,Email\n"Anna"x,Neri,a@example.com\nBruno,Gialli,b@example.com\n')).toMatchObject({
      fileProblem: 'unclosedQuote',
      line: 2,
    });
    // A quote inside a cell that does not start with one is the cell's own character.
    expect(await parseCsv(new Blob(['Name,Surname,Email\nAn"na,Neri,a@example.com\n']))).toEqual({
      headers: ['Name', 'Surname', 'Email'],
      rows: [['An"na', 'Neri', 'a@example.com']],
    });
  });

  it('drops every U+FEFF, the byte-order mark of a file and those left inside by files joined together', async () => {
    const joined = '\ufeffName;Surname;Email\nAnna;Neri;anna@example.com\n\ufeffBruno;Gi\ufeffalli;bruno@example.com\n';

    expect(await parseCsv(new Blob([joined]))).toEqual({
      headers: ['Name', 'Surname', 'Email'],
      rows: [
        ['Anna', 'Neri', 'anna@example.com'],
        ['Bruno', 'Gialli', 'bruno@example.com'],
      ],
    });
  });
});
